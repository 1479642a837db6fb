import { readIfExists } from "../fs/read-if-exists.js";

/** The commits being merged in while a merge is concluded (MERGE_HEAD: one per line). */
export function readMergeHeads(mergeHeadFile: string): string[] {
  const text = readIfExists(mergeHeadFile)?.toString("utf8") ?? "";
  return text.split("\n").filter((line) => /^[0-9a-f]{40,64}$/.test(line));
}
