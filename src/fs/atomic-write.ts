import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file so that readers see the old content or the new, never a half-written one:
 * a temporary file in the same directory, then rename(2), which replaces atomically.
 */
export async function writeFileAtomic(
  file: string,
  content: string | Buffer,
  mode?: number,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, content, mode === undefined ? {} : { mode });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
