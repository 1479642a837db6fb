import { lstatSync } from "node:fs";
import path from "node:path";
import { runGit } from "./exec.js";

/** A changed or untracked file of the work tree and its size and modification time then. */
export type ChangedFiles = Record<string, [size: number, modified: number] | null>;

/**
 * The work tree's files that differ from the index or are untracked (not ignored), each with its
 * size and modification time: one `git status` (which uses the index's stat cache), then one
 * stat per changed file. What a shell command changed is what differs between two of these.
 */
export async function changedFiles(root: string): Promise<ChangedFiles> {
  const { stdout } = await runGit(root, [
    "status",
    "--porcelain=v1",
    "-z",
    "--untracked-files=all",
    "--no-renames",
    "--ignore-submodules=all",
  ]);
  const files: ChangedFiles = {};
  for (const entry of stdout.toString("utf8").split("\0")) {
    if (entry.length < 4) continue;
    const file = entry.slice(3);
    const stat = lstatSync(path.join(root, file), { throwIfNoEntry: false });
    files[file] = stat ? [stat.size, stat.mtimeMs] : null;
  }
  return files;
}

/** The files whose state differs between two snapshots: changed, created or deleted since. */
export function changedSince(before: ChangedFiles, after: ChangedFiles): string[] {
  const changed: string[] = [];
  for (const [file, now] of Object.entries(after)) {
    const then = before[file];
    if (then === undefined || JSON.stringify(then) !== JSON.stringify(now)) changed.push(file);
  }
  // A file changed before the command and restored by it (no longer in git status): changed too.
  for (const file of Object.keys(before)) if (!(file in after)) changed.push(file);
  return changed;
}
