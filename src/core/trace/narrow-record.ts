/**
 * A record narrowed to the files a reader asks about (trace blame asks about one path): the
 * record's own fields, and of its `files` only the entries whose `relative_path` is one of
 * `paths`. Readers that narrow validate only what they return — a real note holds dozens of
 * files of tens of KB, and parsing and checking all of them for one file's blame was most of
 * blame's time. `trace verify` never narrows: it checks every line whole.
 */

/** The value `line` holds, narrowed; what a reader validates is this, never more. */
export function narrowRecord(value: unknown, paths: ReadonlySet<string>): unknown {
  if (!isObject(value) || !Array.isArray(value.files)) return value; // the schema says why
  return {
    ...value,
    files: value.files.filter(
      (file) =>
        isObject(file) && typeof file.relative_path === "string" && paths.has(file.relative_path),
    ),
  };
}

const filesKey = Buffer.from(',"files":[');
const ledgerAfterFiles = Buffer.from('],"ledger":{');
const fileStart = Buffer.from('{"relative_path":');

/**
 * The same narrowed value as `narrowRecord(JSON.parse(line), paths)`, parsed from only the parts
 * of the text it keeps: the record without its files (`…"files":[` and what follows the array),
 * and each entry that begins `{"relative_path":<one of paths>,`. It reads the layout intentguard
 * writes (JSON.stringify of a record: `files` after the record's other fields but `ledger`, each
 * entry's `relative_path` first); any other layout, or a part that is not JSON, is undecided
 * (undefined), and the caller parses the line whole. In JSON text a `"` inside a string is always
 * escaped, so the markers below never come from inside a string. An object nested deeper that
 * looks like an entry (only a hand-made note has one) may be read as one: never more than such a
 * note could have said as an entry of its own, and it is checked as every entry is.
 */
export function narrowRecordText(line: Buffer, paths: ReadonlySet<string>): unknown {
  const key = line.lastIndexOf(filesKey);
  if (key === -1) return undefined;
  const from = key + filesKey.length;
  const ledger = line.lastIndexOf(ledgerAfterFiles);
  let to: number;
  if (ledger >= from) to = ledger;
  else if (line.at(-2) === 0x5d && line.at(-1) === 0x7d)
    to = line.length - 2; // `]}`
  else return undefined;
  const skeleton = parse(Buffer.concat([line.subarray(0, from), line.subarray(to)]));
  if (!isObject(skeleton) || !Array.isArray(skeleton.files) || skeleton.files.length > 0) {
    return undefined;
  }
  const files: unknown[] = [];
  const wanted = [...paths].map((path) => Buffer.from(`{"relative_path":${JSON.stringify(path)},`));
  for (let start = from; start < to; ) {
    if (!startsAt(line, fileStart, start)) return undefined;
    const next = nextEntry(line, start + 1, to);
    const end = next === to ? to : next - 1; // the entry, without the comma before the next
    if (wanted.some((prefix) => startsAt(line, prefix, start))) {
      const file = parse(line.subarray(start, end));
      if (file === undefined) return undefined;
      files.push(file);
    }
    start = next;
  }
  return { ...skeleton, files };
}

/** Where the entry after the one before `from` begins (`},{"relative_path":`), or `to`. */
function nextEntry(line: Buffer, from: number, to: number): number {
  for (let at = line.indexOf(fileStart, from); at !== -1 && at < to; ) {
    if (line[at - 2] === 0x7d && line[at - 1] === 0x2c) return at; // `},`
    at = line.indexOf(fileStart, at + 1);
  }
  return to;
}

function startsAt(line: Buffer, prefix: Buffer, at: number): boolean {
  return prefix.compare(line, at, at + prefix.length) === 0;
}

function parse(text: Buffer): unknown {
  try {
    return JSON.parse(text.toString("utf8"));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
