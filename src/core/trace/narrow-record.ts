/**
 * A record narrowed to the files a reader asks about (trace blame asks about one path): the
 * record's own fields, and of its `files` only the entries whose `relative_path` is one of
 * `paths`. Readers that narrow validate only what they return — a real note holds dozens of
 * files of tens of KB, and checking all of them for one file's blame was most of its reading.
 * The note is parsed whole first (JSON.parse: duplicate and escaped keys mean what they mean to
 * every JSON reader); only the checking is narrowed. `trace verify` never narrows.
 */

/** A parsed record line, narrowed: what a reader validates is this, never more. */
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
