import { isObjectId } from "../core/commit/object-id.js";
import { readIfExists } from "../fs/read-if-exists.js";
import type { Repo } from "./repo.js";

/** The commits being merged in while a merge is concluded (MERGE_HEAD: one per line). */
export function readMergeHeads(repo: Repo): string[] {
  const text = readIfExists(repo.mergeHeadFile)?.toString("utf8") ?? "";
  return text.split("\n").filter(isObjectId);
}
