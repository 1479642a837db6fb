/** One line git gives reference-transaction and pre-receive on stdin: `<old> <new> <ref>`. */
export interface RefUpdate {
  old: string;
  new: string;
  ref: string;
}

/** The update lines of `text`; anything else (a blank line, a hand-over marker) is ignored. */
export function parseRefUpdates(text: string): RefUpdate[] {
  return text
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields): fields is [string, string, string] => fields.length === 3)
    .map(([old, next, ref]) => ({ old, new: next, ref }));
}

/** The all-zero object ID git uses for a side of an update that does not exist. */
export function absent(oid: string): boolean {
  return /^0+$/.test(oid);
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
