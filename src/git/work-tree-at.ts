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
  /** For a submodule registered in its superproject: the superproject's work tree. */
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
 * The work tree and repository a path (which need not exist) belongs to, as git's own
 * registrations say — not as the nearest `.git` below it says. Every folder from the path up to
 * the file system's root is looked at (one lstat each); a `.git` entry counts only once what it
 * names has been read back (see WorkTreeKind), each file opened without waiting and bounded in
 * size, so a FIFO, socket or device where git keeps a file is a `.git` that does not count, never
 * a hang. Then, from the outermost down, a work tree inside a governed one (one that has adopted
 * intentguard) counts only when that repository registers it: a linked work tree of the same
 * repository, or a submodule whose git directory is under its `modules/` and whose path its
 * `.gitmodules` lists. Any other `.git` below a governed work tree's root is planted: it is
 * passed over, and the path is judged where it really is. Null outside every repository.
 */
export function workTreeAt(absolute: string): RegisteredWorkTree | null {
  const levels: Level[] = [];
  for (let dir = path.dirname(absolute); ; ) {
    const level = levelAt(dir);
    if (level) levels.unshift(level);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  let current: Level | null = null;
  let superproject: Repo | null = null;
  for (const level of levels) {
    if (current && governed(current.repo)) {
      if (sameRepository(level.repo, current.repo) && level.kind === "linked") {
        current = level;
        superproject = null;
      } else if (level.kind === "configured" && isSubmoduleOf(level.repo, current.repo)) {
        superproject = current.repo;
        current = level;
      }
      continue; // planted: not this repository's, whatever it names
    }
    current = level;
    superproject = null;
  }
  return current ? { repo: current.repo, kind: current.kind, superproject } : null;
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

/**
 * A repository that has adopted intentguard here: its rules in the work tree, or our state in
 * its git directory. Only inside such a repository is a foreign `.git` planted; a repository of
 * one's own inside another (a home directory kept in git) is its own.
 */
function governed(repo: Repo): boolean {
  return (
    lstatQuietly(path.join(repo.root, ".orchestration")) !== null ||
    lstatQuietly(repo.stateDir) !== null
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
