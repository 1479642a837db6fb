import { lstatSync, realpathSync, type Stats, statSync } from "node:fs";
import path from "node:path";
import { isInside } from "../fs/is-inside.js";
import { readIfExists, refuseIrregular } from "../fs/read-if-exists.js";
import { type Repo, repoOf } from "./repo.js";

/**
 * How a `.git` entry makes its folder a work tree, once what it names has been checked:
 * - `main`: a git directory (a repository's main work tree);
 * - `linked`: a file naming `<common>/worktrees/<id>`, whose `gitdir` names this file back
 *   (`git worktree add`);
 * - `configured`: a file naming a git directory whose core.worktree names this folder back (a
 *   submodule's, under the superproject's `modules/<name>`);
 * - `separate`: a file naming a git directory that names nothing back (`git init
 *   --separate-git-dir`): git accepts it, and so does anyone who can write a file.
 */
export type WorkTreeKind = "main" | "linked" | "configured" | "separate";

/** A work tree a path lies in, as the repository that holds it registers it. */
export interface RegisteredWorkTree {
  repo: Repo;
  kind: WorkTreeKind;
  /**
   * For a submodule: the work tree of the agent's repository that registers it. A commit there
   * takes the submodule's changes as one path (its gitlink), so its rules have a say too. (A
   * linked work tree made inside another, `.worktrees/feat`, has none: no commit of the outer
   * one can take a file of it.)
   */
  superproject: Repo | null;
}

interface Level {
  repo: Repo;
  kind: WorkTreeKind;
}

/** A `.git` file, `commondir`, `gitdir`: one path each. */
const pathFileLimit = 4096;
/** A git directory's `config` and a `.gitmodules`. */
const configLimit = 1 << 20;

/**
 * The repository an agent works in: the innermost work tree holding `anchor` (the agent's project
 * directory, where it tells it; else its current directory). Every folder from the anchor up to
 * the file system's root is looked at (one lstat each); a `.git` entry counts only once what it
 * names has been read back (see WorkTreeKind), each file opened without waiting and bounded in
 * size, so a FIFO, socket or device where git keeps a file is a `.git` that does not count, never
 * a hang. A `.git` file naming the git directory of a repository around it (`gitdir: ../../.git`)
 * names no work tree of its own: it is passed over. A repository around this one (a home
 * directory kept in git, or one planted there) has no say. Null outside every repository.
 */
export function homeAt(anchor: string): RegisteredWorkTree | null {
  const levels = levelsAbove(anchor);
  for (const [index, level] of levels.entries()) {
    const outer = levels.slice(index + 1);
    const pointsOut =
      level.kind === "separate" &&
      outer.some((around) => real(around.repo.commonDir) === real(level.repo.commonDir));
    if (!pointsOut) return { repo: level.repo, kind: level.kind, superproject: null };
  }
  return null;
}

/**
 * The work tree of `home`'s repository a path (which need not exist) lies in, as git's own
 * registrations say — not as the nearest `.git` says: the main work tree, a linked work tree whose
 * `gitdir` names it back, or a submodule whose git directory is under the repository's `modules/`
 * and whose path the work tree around it lists in `.gitmodules`. Any other `.git` on the way is
 * planted: passed over, and the path is judged where it really is. Null when the path lies in no
 * work tree of the repository (outside it).
 */
export function workTreeAt(absolute: string, home: Repo): RegisteredWorkTree | null {
  const levels = levelsAbove(path.join(path.dirname(absolute), "-"));
  for (const [index, level] of levels.entries()) {
    if (registered(level, home)) return { repo: level.repo, kind: level.kind, superproject: null };
    if (level.kind === "configured") {
      const holder = around(levels.slice(index + 1), home);
      if (holder && isSubmoduleOf(level.repo, holder)) {
        return { repo: level.repo, kind: level.kind, superproject: holder };
      }
    }
  }
  return null;
}

/** The valid `.git` levels from `anchor`'s folder up to the root, innermost first. */
function levelsAbove(anchor: string): Level[] {
  const levels: Level[] = [];
  for (let dir = path.dirname(anchor); ; ) {
    const level = levelAt(dir);
    if (level) levels.push(level);
    const parent = path.dirname(dir);
    if (parent === dir) return levels;
    dir = parent;
  }
}

/**
 * A work tree of `home`'s repository: its main one, a linked one it registers, or home's own
 * (a submodule's, or a `--separate-git-dir` one's, where the agent works in it).
 */
function registered(level: Level, home: Repo): boolean {
  if (!sameRepository(level.repo, home)) return false;
  return (
    level.kind === "main" || level.kind === "linked" || real(level.repo.root) === real(home.root)
  );
}

/** The innermost work tree of `home`'s repository among `levels` (around a path), if any. */
function around(levels: readonly Level[], home: Repo): Repo | null {
  return levels.find((level) => registered(level, home))?.repo ?? null;
}

/**
 * Refuses (a FileSystemError naming the file) a FIFO, socket or device where git keeps a file it
 * reads on every command: git would open it and wait for ever. By lstat only, before any git runs.
 */
export function refuseIrregularMetadata(repo: Repo): void {
  for (const file of [
    path.join(repo.gitDir, "HEAD"),
    path.join(repo.gitDir, "index"),
    path.join(repo.gitDir, "config.worktree"),
    path.join(repo.commonDir, "config"),
    path.join(repo.commonDir, "packed-refs"),
    path.join(repo.commonDir, "info", "exclude"),
  ]) {
    refuseIrregular(file);
  }
}

/** Whether two work trees belong to one repository (a linked work tree is the same one). */
export function sameRepository(a: Repo, b: Repo): boolean {
  return real(a.commonDir) === real(b.commonDir);
}

function levelAt(dir: string): Level | null {
  const dotGit = path.join(dir, ".git");
  const entry = lstatQuietly(dotGit);
  if (!entry) return null;
  try {
    if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(dotGit).isDirectory())) {
      return isGitDirectory(dotGit) ? { repo: repoAt(dir, dotGit), kind: "main" } : null;
    }
    if (!entry.isFile()) return null;
    const named = /^gitdir: (.+?)\r?\n?$/.exec(readPath(dotGit))?.[1];
    if (!named) return null;
    const gitDir = path.resolve(dir, named);
    if (!isGitDirectory(gitDir)) return null;
    const repo = repoAt(dir, gitDir);
    const backLink = readIfExists(path.join(gitDir, "gitdir"), undefined, pathFileLimit);
    if (backLink !== undefined && repo.commonDir !== gitDir) {
      const named = path.resolve(gitDir, backLink.toString("utf8").trim());
      return real(named) === real(dotGit) ? { repo, kind: "linked" } : null;
    }
    const worktree = configuredWorkTree(gitDir);
    if (worktree !== null) {
      return real(path.resolve(gitDir, worktree)) === real(dir)
        ? { repo, kind: "configured" }
        : null;
    }
    return { repo, kind: "separate" };
  } catch {
    return null; // unreadable, not regular, too large: nothing git would accept either
  }
}

/**
 * A git directory: HEAD where git looks for it, and a common directory that is one (`commondir`
 * read without waiting: a FIFO there would hang git and us alike).
 */
function isGitDirectory(gitDir: string): boolean {
  const head = lstatQuietly(path.join(gitDir, "HEAD"));
  if (!head || !(head.isFile() || head.isSymbolicLink())) return false;
  const common = commonDirOf(gitDir);
  return common === gitDir || statQuietly(common)?.isDirectory() === true;
}

function commonDirOf(gitDir: string): string {
  const named = readIfExists(path.join(gitDir, "commondir"), undefined, pathFileLimit);
  return named === undefined ? gitDir : path.resolve(gitDir, named.toString("utf8").trim());
}

function repoAt(root: string, gitDir: string): Repo {
  return repoOf(root, gitDir, commonDirOf(gitDir));
}

/** core.worktree from a git directory's own config, or null: git's back-link for a submodule. */
function configuredWorkTree(gitDir: string): string | null {
  const config = readIfExists(path.join(gitDir, "config"), undefined, configLimit);
  if (config === undefined) return null;
  let section = "";
  for (const line of config.toString("utf8").split("\n")) {
    const header = /^\s*\[\s*([^\]\s"]+)[^\]]*\]/.exec(line);
    if (header) section = (header[1] ?? "").toLowerCase();
    const value = /^\s*worktree\s*=\s*(.*?)\s*$/i.exec(line)?.[1];
    if (section === "core" && value !== undefined) return unquote(value);
  }
  return null;
}

/**
 * Whether `sub` is a submodule of `superproject`: its git directory under the superproject's
 * `modules/`, and its path among those the superproject's `.gitmodules` lists.
 */
function isSubmoduleOf(sub: Repo, superproject: Repo): boolean {
  if (!isInside(real(path.join(superproject.commonDir, "modules")), real(sub.gitDir))) return false;
  let listed: Buffer | undefined;
  try {
    listed = readIfExists(path.join(superproject.root, ".gitmodules"), undefined, configLimit);
  } catch {
    return false;
  }
  const relative = path.relative(superproject.root, sub.root).split(path.sep).join("/");
  return (listed?.toString("utf8").split("\n") ?? []).some(
    (line) => unquote(/^\s*path\s*=\s*(.*?)\s*$/.exec(line)?.[1] ?? "") === relative,
  );
}

function readPath(file: string): string {
  return (readIfExists(file, undefined, pathFileLimit) ?? Buffer.alloc(0)).toString("utf8");
}

function unquote(value: string): string {
  return /^".*"$/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
}

function lstatQuietly(file: string): Stats | null {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null; // a file where a folder would be (ENOTDIR), or a folder we may not read
  }
}

function statQuietly(file: string): Stats | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

function real(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
