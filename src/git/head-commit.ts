import path from "node:path";
import { isObjectId } from "../core/commit/object-id.js";
import { readIfExists } from "../fs/read-if-exists.js";
import type { Repo } from "./repo.js";

/**
 * HEAD's commit, read from git's files without starting git: HEAD (this work tree's), then the
 * branch it names, loose or in packed-refs (the common directory's). Null for anything else — an
 * unborn branch, a symbolic ref to a symbolic ref, another ref storage — where the caller asks git.
 */
export function headCommit(repo: Repo): string | null {
  const head = readIfExists(path.join(repo.gitDir, "HEAD"))?.toString("utf8").trim();
  if (!head) return null;
  if (isObjectId(head)) return head;
  const ref = /^ref: (refs\/heads\/\S+)$/.exec(head)?.[1];
  if (!ref) return null;
  const loose = readIfExists(path.join(repo.commonDir, ref))?.toString("utf8").trim();
  if (loose !== undefined) return isObjectId(loose) ? loose : null;
  const packed = readIfExists(path.join(repo.commonDir, "packed-refs"))?.toString("utf8") ?? "";
  for (const line of packed.split("\n")) {
    if (line.endsWith(` ${ref}`)) {
      const id = line.slice(0, line.indexOf(" "));
      return isObjectId(id) ? id : null;
    }
  }
  return null;
}
