import { mkdirSync } from "node:fs";
import { fileSystemError } from "./fs-error.js";

/** Makes a directory and its parents; a path that refuses (a file in the way, no permission) is explained. */
export function makeDirectory(directory: string, what?: string): void {
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    throw fileSystemError(error, directory, "create", what);
  }
}
