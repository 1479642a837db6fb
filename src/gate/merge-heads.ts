import { readFile } from "node:fs/promises";

/** The commits being merged in while a merge is concluded (MERGE_HEAD: one per line). */
export async function readMergeHeads(mergeHeadFile: string): Promise<string[]> {
  try {
    const text = await readFile(mergeHeadFile, "utf8");
    return text.split("\n").filter((line) => /^[0-9a-f]{40,64}$/.test(line));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
