import { readFileSync } from "node:fs";

/** A small file's content, or undefined when it does not exist; other errors propagate. */
export function readIfExists(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
