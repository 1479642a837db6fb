import { readFileSync } from "node:fs";
import { fileSystemError } from "./fs-error.js";

/**
 * A small file's content, or undefined when it does not exist (nor can: a part of its path is a
 * file). A file that exists and cannot be read (no permission, a directory in its place) fails
 * with an explained error naming it; `what` names it for the user ("the intent selection").
 */
export function readIfExists(file: string, what?: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw fileSystemError(error, file, "read", what);
  }
}
