import { type Dirent, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isObjectId } from "../core/commit/object-id.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { runGit } from "./exec.js";
import { isOwnRef } from "./own-refs.js";
import type { Repo } from "./repo.js";

/**
 * The refs of the repository as an agent's shell check needs them, before and after a command:
 * by name, each branch, each of intentguard's own refs, and the ref HEAD names whatever it is
 * (`git symbolic-ref HEAD refs/wip/x` makes commits land there); HEAD as its file says (a commit
 * when detached, else `ref: <ref>`); and the values of the remote-tracking refs once each. Tags,
 * notes, the stash and other refs are not read: a commit parked on one was judged by no one.
 * Symbolic refs (a remote's HEAD) are left out.
 */
export interface RefState {
  watched: Record<string, string>;
  head: string | null;
  remotes: string[];
}

/**
 * The refs, read from git's files as git lays them out (packed-refs, then the loose refs under
 * refs/, which win) without starting git; with many loose refs, or another ref storage
 * (reftable), from one `git for-each-ref`.
 */
export async function refState(repo: Repo): Promise<RefState> {
  const head = readIfExists(path.join(repo.gitDir, "HEAD"), undefined, 4096)?.toString("utf8");
  const state: RefState = {
    watched: {},
    head: head === undefined ? null : head.trim(),
    remotes: [],
  };
  const onHead = /^ref: (.+)$/.exec(state.head ?? "")?.[1];
  const remotes = new Set<string>();
  const add = (ref: string, value: string) => {
    if (ref.startsWith("refs/heads/") || ref === onHead || isOwnRef(ref))
      state.watched[ref] = value;
    else if (ref.startsWith("refs/remotes/")) remotes.add(value);
  };
  const loose = existsSync(path.join(repo.commonDir, "reftable"))
    ? null
    : looseRefs(repo.commonDir);
  if (loose === null) {
    const { stdout } = await runGit(repo.root, [
      "for-each-ref",
      "--format=%(objectname) %(refname)",
    ]);
    eachRefLine(stdout.toString("utf8"), add);
  } else {
    const packed = readIfExists(path.join(repo.commonDir, "packed-refs"))?.toString("latin1");
    // Packed first: a loose ref of the same name is newer and wins.
    if (packed) eachRefLine(packed, add);
    for (const [ref, file] of loose) {
      let value: string;
      try {
        // A regular file, as readdir said: read at once (one that became a FIFO since is the
        // installed command's deadline's to stop).
        value = readFileSync(file, "latin1").trim();
      } catch {
        continue; // removed meanwhile: a ref being updated
      }
      if (isObjectId(value)) add(ref, value);
    }
  }
  state.remotes = [...remotes];
  return state;
}

/** `<id> <ref>` lines (packed-refs' or for-each-ref's), comments and peeled lines skipped. */
function eachRefLine(text: string, add: (ref: string, value: string) => void): void {
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf("\n", at);
    if (end === -1) end = text.length;
    const first = text.charCodeAt(at);
    // "#" (a header) and "^" (a peeled tag's target)
    if (first !== 35 && first !== 94) {
      const space = text.indexOf(" ", at);
      if (space > at && space < end) add(text.slice(space + 1, end), text.slice(at, space));
    }
    at = end + 1;
  }
}

/** Loose refs past this number are read by one git process rather than a file each. */
const looseRefsRead = 256;

/** The loose ref files under refs/ (name and path); null when there are too many to read. */
function looseRefs(commonDir: string): [string, string][] | null {
  const loose: [string, string][] = [];
  const walk = (dir: string, ref: string): boolean => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    for (const entry of entries) {
      const name = `${ref}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!walk(path.join(dir, entry.name), name)) return false;
      } else if (entry.isFile() && !entry.name.endsWith(".lock")) {
        loose.push([name, path.join(dir, entry.name)]);
        if (loose.length > looseRefsRead) return false;
      }
    }
    return true;
  };
  return walk(path.join(commonDir, "refs"), "refs") ? loose : null;
}

/** HEAD's commit, from a RefState: detached, or the branch it names (null: unborn). */
export function headCommitOf(state: Pick<RefState, "watched" | "head">): string | null {
  const head = state.head;
  if (head === null) return null;
  if (isObjectId(head)) return head;
  const branch = /^ref: (.+)$/.exec(head)?.[1];
  return branch ? (state.watched[branch] ?? null) : null;
}

/**
 * The commits `tip` reaches that none of `known` does, oldest first, each with whether our notes
 * hold a record of it: one `git log` (the known ones on its standard input, however many).
 */
export async function commitsBrought(
  repo: Repo,
  tip: string,
  known: readonly string[],
  notesRef: string,
): Promise<{ commit: string; traced: boolean }[]> {
  const input = `${tip}\n${known.map((oid) => `^${oid}`).join("\n")}\n`;
  const { stdout } = await runGit(
    repo.root,
    ["log", "--reverse", "--stdin", `--notes=${notesRef}`, "--format=%H%x00%N%x1e"],
    { input },
  );
  const brought: { commit: string; traced: boolean }[] = [];
  for (const entry of stdout.toString("utf8").split("\x1e")) {
    const [rawCommit, note = ""] = entry.split("\0");
    const commit = rawCommit?.trim() ?? "";
    if (!isObjectId(commit)) continue;
    brought.push({ commit, traced: note.includes(`"revision_id":"${commit}"`) });
  }
  return brought;
}

/**
 * What sets the gate's own settings, read from git's configuration files as git reads them —
 * the system's, the global ones, the repository's and the work tree's, and every file they
 * include (include.path and includeIf.*.path, conditions or not, a few levels deep) — without
 * starting git: each `core.hooksPath` and include line as `<file>: <key>=<value>`, in git's order
 * (a later one wins). Other settings (remotes, branches, the user) are left out: changing them is
 * ordinary use. `home` expands `~`.
 */
export function gateConfig(repo: Repo, home: string, configHome: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const read = (file: string, depth: number): void => {
    if (depth > 5 || seen.has(file)) return;
    seen.add(file);
    let text: string;
    try {
      text = readIfExists(file, undefined, 1 << 20)?.toString("utf8") ?? "";
    } catch {
      found.push(`${file}: unreadable`);
      return;
    }
    let section = "";
    for (const raw of text.split("\n")) {
      const header = /^\s*\[\s*([^\]\s"]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(raw);
      if (header) {
        const sub = header[2] === undefined ? "" : `.${header[2]}`;
        section = `${(header[1] ?? "").toLowerCase()}${sub}`;
      }
      const line = header ? raw.slice(header[0].length) : raw;
      const setting = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*?))?\s*$/.exec(line);
      if (!setting) continue;
      const key = `${section}.${(setting[1] ?? "").toLowerCase()}`;
      const value = unquoted(setting[2] ?? "");
      if (key === "core.hookspath") found.push(`${file}: ${key}=${value}`);
      else if (/^include(if\..*)?\.path$/.test(key)) {
        found.push(`${file}: ${key}=${value}`);
        const named = value.replace(/^~(?=\/)/, home);
        read(path.resolve(path.dirname(file), named), depth + 1);
      }
    }
  };
  for (const file of [
    "/etc/gitconfig",
    path.join(configHome, "git", "config"),
    path.join(home, ".gitconfig"),
    path.join(repo.commonDir, "config"),
    path.join(repo.gitDir, "config.worktree"),
  ]) {
    read(file, 0);
  }
  return found;
}

/** A configuration value without its quotes and escapes (git's reading, for what it holds). */
function unquoted(value: string): string {
  return value
    .replace(/\s[#;].*$/, "")
    .replace(/"((?:[^"\\]|\\.)*)"/g, "$1")
    .replace(/\\(.)/g, "$1");
}

/** Every path git tracks in the work tree (its index): `git ls-files -z`. */
export async function trackedPaths(repo: Repo): Promise<string[]> {
  const { stdout } = await runGit(repo.root, ["ls-files", "-z"]);
  return stdout.toString("utf8").split("\0").filter(Boolean);
}

/**
 * Which of `commits` no branch and no HEAD reaches (or the repository no longer has): one
 * `git cat-file --batch-check`, then one `git rev-list`.
 */
export async function unreachedCommits(
  repo: Repo,
  commits: readonly string[],
): Promise<Set<string>> {
  const unreached = new Set<string>();
  if (commits.length === 0) return unreached;
  const { stdout: checked } = await runGit(
    repo.root,
    ["cat-file", "--batch-check=%(objectname) %(objecttype)"],
    { input: `${commits.join("\n")}\n` },
  );
  const present = new Set(
    checked
      .toString("utf8")
      .split("\n")
      .filter((line) => line.endsWith(" commit"))
      .map((line) => line.slice(0, line.indexOf(" "))),
  );
  for (const commit of commits) if (!present.has(commit)) unreached.add(commit);
  if (present.size === 0) return unreached;
  const { stdout } = await runGit(
    repo.root,
    ["rev-list", "--stdin", "--not", "--branches", "HEAD"],
    {
      input: `${[...present].join("\n")}\n`,
    },
  );
  for (const commit of stdout.toString("utf8").split("\n")) if (commit) unreached.add(commit);
  return unreached;
}

/**
 * Which of `commits` a push sends: reachable from a pushed value and not from what the remote's
 * ref held (where this clone has it) — not "on no remote-tracking branch": a local command can
 * point one anywhere. Two `git merge-base --is-ancestor` per commit and pushed ref (an escape is
 * rare, and its commits few).
 */
export async function commitsSent(
  repo: Repo,
  pushed: readonly { local: string; remote: string | null }[],
  commits: readonly string[],
): Promise<Set<string>> {
  const isAncestor = async (commit: string, tip: string) => {
    const { status } = await runGit(repo.root, ["merge-base", "--is-ancestor", commit, tip], {
      okExitCodes: [1, 128],
    });
    return status === 0;
  };
  const sent = new Set<string>();
  for (const commit of commits) {
    for (const one of pushed) {
      if (!(await isAncestor(commit, one.local))) continue;
      if (one.remote && (await isAncestor(commit, one.remote))) continue;
      sent.add(commit);
    }
  }
  return sent;
}
