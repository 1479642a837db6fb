import { readFile, rm, writeFile } from "node:fs/promises";
import { writeFileAtomic } from "../fs/atomic-write.js";

/** Our line in a husky hook file ends with this marker: that is how it is found again. */
const marker = "# intentguard";

export type FileAction = "added" | "updated" | "unchanged" | "removed" | "absent";

function isOurLine(line: string): boolean {
  return line.trimEnd().endsWith(marker);
}

/**
 * Adds (or refreshes) one line calling our shim at the end of a husky hook file, keeping every
 * line of the user's. Running it again changes nothing.
 */
export async function addHuskyLine(file: string, command: string): Promise<FileAction> {
  const line = `${command} "$@" ${marker}`;
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing === undefined) {
    writeFileAtomic(file, `${line}\n`, 0o755);
    return "added";
  }
  const lines = existing.split("\n");
  const index = lines.findIndex(isOurLine);
  if (index !== -1) {
    if (lines[index] === line) return "unchanged";
    lines[index] = line;
    writeFileAtomic(file, lines.join("\n"), 0o755);
    return "updated";
  }
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  writeFileAtomic(file, `${existing}${separator}${line}\n`, 0o755);
  return "added";
}

/** Removes our line; a file left with nothing but blank lines was ours alone and goes. */
export async function removeHuskyLine(file: string): Promise<FileAction> {
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing === undefined) return "absent";
  const kept = existing.split("\n").filter((line) => !isOurLine(line));
  if (kept.length === existing.split("\n").length) return "unchanged";
  if (kept.every((line) => line.trim() === "")) {
    await rm(file, { force: true });
  } else {
    await writeFile(file, kept.join("\n"));
  }
  return "removed";
}
