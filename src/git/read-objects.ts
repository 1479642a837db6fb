import { runGit } from "./exec.js";

export interface GitObject {
  oid: string;
  type: string;
  content: Buffer;
}

/**
 * Reads several objects named like `HEAD:path` or `:path` (the index) with one
 * `git cat-file --batch`. A name that does not resolve maps to null.
 */
export async function readObjects(
  names: readonly string[],
): Promise<Map<string, GitObject | null>> {
  const { stdout } = await runGit(["cat-file", "--batch"], { input: `${names.join("\n")}\n` });
  const objects = new Map<string, GitObject | null>();
  let offset = 0;
  for (const name of names) {
    const newline = stdout.indexOf(10, offset);
    if (newline === -1) throw new Error(`git cat-file --batch ended early, before ${name}`);
    const header = stdout.toString("utf8", offset, newline);
    offset = newline + 1;
    const found = /^([0-9a-f]{40,64}) ([a-z]+) ([0-9]+)$/.exec(header);
    if (!found) {
      objects.set(name, null); // "<name> missing" or "<name> ambiguous"
      continue;
    }
    const [, oid = "", type = "", size = "0"] = found;
    const end = offset + Number(size);
    objects.set(name, { oid, type, content: stdout.subarray(offset, end) });
    offset = end + 1;
  }
  return objects;
}
