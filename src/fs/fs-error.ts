import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { IntentguardError } from "../errors.js";

/** What intentguard was doing with a path when the file system refused. */
export type FileAction = "read" | "write" | "create" | "remove" | "lock";

/**
 * A file-system failure intentguard expects from a broken environment (no permission, a
 * read-only or full disk, a directory where a file belongs or the reverse): exit 2, with the path
 * and the fix. Any other errno stays a bug.
 */
export class FileSystemError extends IntentguardError {
  constructor(
    message: string,
    /** The path intentguard was reading or writing. */
    readonly file: string,
    /** The errno code, e.g. EACCES. */
    readonly code: string,
  ) {
    super(message);
  }
}

const verbs: Record<FileAction, string> = {
  read: "read",
  write: "write",
  create: "create the directory",
  remove: "remove",
  lock: "create the lock file",
};

/**
 * The one place an fs error becomes an explained one: an expected failure (EACCES, EPERM,
 * EROFS, ENOSPC, EDQUOT, EISDIR, ENOTDIR, EEXIST from a mkdir, ENAMETOOLONG) is returned as a
 * FileSystemError naming `file` and the fix; anything else is returned unchanged, to be reported
 * as a bug.
 * `what` names the file for the user ("the ledger"). Meant as `throw fileSystemError(…)`.
 */
export function fileSystemError(
  error: unknown,
  file: string,
  action: FileAction,
  what?: string,
): unknown {
  if (error instanceof IntentguardError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string") return error;
  const subject = what ? `${what} ${file}` : file;
  const cannot = `cannot ${verbs[action]} ${subject}`;
  const again = "then run the command again";
  const explain = (message: string) => new FileSystemError(message, file, code);
  switch (code) {
    case "EACCES":
    case "EPERM": {
      const target = action === "read" || !writable(file) ? file : existingParent(file);
      const access = action === "read" ? "read" : "write";
      return explain(
        `${cannot}: permission denied. Give the user running intentguard ${access} access to ${target} ` +
          `(e.g. chmod u+${access[0]} ${target}, or chown it back if another user or sudo created it), ${again}.`,
      );
    }
    case "EROFS":
      return explain(
        `${cannot}: the file system is read-only. Remount it read-write, or work in a clone on a writable disk, ${again}.`,
      );
    case "ENOSPC":
    case "EDQUOT":
      return explain(
        `${cannot}: no space left on the device (or the disk quota is used up). Free some space, ${again}.`,
      );
    case "EISDIR":
    case "ERR_FS_EISDIR":
      return explain(
        `${cannot}: it is a directory, where intentguard keeps a file. Move it away or remove it, ${again}.`,
      );
    case "ENOTDIR":
    case "EEXIST": {
      // EEXIST only ever reaches here from a mkdir: the path exists, and is not a directory.
      const blocker = fileInTheWay(action === "create" ? file : path.dirname(file));
      return explain(
        `${cannot}: ${blocker ?? "a part of that path"} is a file, where intentguard needs a directory. Move it away or remove it, ${again}.`,
      );
    }
    case "ENAMETOOLONG":
      return explain(
        `${cannot}: the name is too long for the file system (most allow 255 bytes for each file or directory name, and 4096 for the whole path). Use a shorter path, ${again}.`,
      );
    default:
      // Any other refusal the system gives (ENXIO for a socket, ELOOP…) is still
      // about the file the user named or the place intentguard keeps one: said, never a crash.
      return explain(
        `${cannot}: ${(error as Error).message.replace(/^[A-Z]+: /, "")}. Check the path, ${again}.`,
      );
  }
}

/** The first of `directory` and its parents that exists and is not a directory. */
function fileInTheWay(directory: string): string | undefined {
  for (let current = directory; ; current = path.dirname(current)) {
    try {
      return statSync(current).isDirectory() ? undefined : current;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const missing = code === "ENOENT" || code === "ENOTDIR";
      if (!missing || current === path.dirname(current)) return undefined;
    }
  }
}

/** False only when `file` exists and this process may not write it. */
function writable(file: string): boolean {
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== "EACCES" && code !== "EPERM";
  }
}

/** The nearest parent of `file` that exists: the directory a write or a mkdir needs access to. */
function existingParent(file: string): string {
  let current = path.dirname(file);
  for (; current !== path.dirname(current); current = path.dirname(current)) {
    try {
      statSync(current);
      return current;
    } catch {
      // not there (yet): its parent is the one to make writable
    }
  }
  return current;
}
