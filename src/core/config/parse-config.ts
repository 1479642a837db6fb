import type { Document, LineCounter } from "yaml";
import type { z } from "zod";
import { closestMatch } from "../text/closest-match.js";
import type { ConfigProblem } from "./config-problem.js";

export type ParsedConfig<T> = { ok: true; value: T } | { ok: false; problems: ConfigProblem[] };

type PathKey = PropertyKey;

/**
 * Parses YAML text and validates it against a zod schema. Every problem names the file, line,
 * column and field path and says what was expected. Pure: the caller reads the text. The YAML
 * parser is loaded here, on first use, so a hook with a warm rules cache never pays for it.
 */
export async function parseConfig<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
): Promise<ParsedConfig<z.output<S>>> {
  const { LineCounter, parseDocument, visit } = await import("yaml");
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        file,
        ...position(lineCounter, error.pos[0]),
        message: syntaxMessage(error.code, error.message),
      })),
    };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // An alias with no anchor (typically an unquoted glob like *.ts) fails only here.
    let offset = 0;
    visit(doc, {
      Alias(_, node) {
        if (!node.resolve(doc) && node.range) {
          offset = node.range[0];
          return visit.BREAK;
        }
        return undefined;
      },
    });
    const message = syntaxMessage("BAD_ALIAS", (error as Error).message);
    return { ok: false, problems: [{ file, ...position(lineCounter, offset), message }] };
  }
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) =>
      schemaProblem(file, doc, lineCounter, schema, issue),
    ),
  };
}

function position(lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

function syntaxMessage(code: string, message: string): string {
  const first = message.split("\n")[0] ?? message;
  if (code === "BAD_ALIAS" || code === "BAD_ALIAS_NAME" || /alias/i.test(first)) {
    return `YAML syntax: ${first}. A value starting with * is a YAML alias: quote glob patterns, e.g. "*.ts"`;
  }
  if (code === "DUPLICATE_KEY")
    return `YAML syntax: ${first}; each key may appear once per mapping`;
  return `YAML syntax: ${first}`;
}

function schemaProblem(
  file: string,
  doc: Document,
  lineCounter: LineCounter,
  schema: z.ZodType,
  issue: z.core.$ZodIssue,
): ConfigProblem {
  const path = issue.path as PathKey[];
  const field = formatFieldPath(path);
  if (issue.code === "unrecognized_keys") {
    const [key = ""] = issue.keys;
    const known = knownKeys(schema, path);
    const guess = closestMatch(key, known);
    const hint = guess ? `did you mean "${guess}"?` : `expected one of: ${known.join(", ")}`;
    return {
      file,
      ...locate(doc, lineCounter, [...path, key], true),
      ...(field ? { field } : {}),
      message: `unknown key${issue.keys.length > 1 ? "s" : ""} "${issue.keys.join('", "')}"; ${hint}`,
    };
  }
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  // zod's own wording ("Invalid input: expected string, received number") becomes "string".
  const expected = issue.message
    .replace(/^Invalid input: /, "")
    .replace(/^expected (\w+), received \w+$/, "$1");
  const message = missing
    ? `missing; expected ${expected}`
    : issue.code === "custom"
      ? expected
      : `got ${describe(issue.input)}; expected ${expected}`;
  return { file, ...locate(doc, lineCounter, path, false), ...(field ? { field } : {}), message };
}

/** The position of the node at `path`, or of its nearest ancestor that exists. */
function locate(
  doc: Document,
  lineCounter: LineCounter,
  path: PathKey[],
  wantKey: boolean,
): { line?: number; column?: number } {
  for (let length = path.length; length >= 0; length--) {
    const prefix = path.slice(0, length);
    const node = wantKey && length === path.length ? keyNode(doc, prefix) : doc.getIn(prefix, true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range) return position(lineCounter, range[0]);
  }
  return {};
}

function keyNode(doc: Document, path: PathKey[]): unknown {
  const parent = doc.getIn(path.slice(0, -1), true) as { items?: { key?: unknown }[] } | undefined;
  const name = path[path.length - 1];
  return parent?.items?.find((pair) => (pair.key as { value?: unknown })?.value === name)?.key;
}

function formatFieldPath(path: readonly PathKey[]): string {
  return path
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : `${index ? "." : ""}${String(key)}`,
    )
    .join("");
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The keys the schema accepts for the object at `path`, for "did you mean" hints. */
function knownKeys(schema: z.ZodType, path: PathKey[]): string[] {
  let current: unknown = schema;
  for (const key of [...path, null]) {
    current = unwrap(current);
    const def = (current as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def) return [];
    if (key === null) return def.type === "object" ? Object.keys(def.shape as object) : [];
    if (def.type === "object") current = (def.shape as Record<string, unknown>)[String(key)];
    else if (def.type === "array") current = def.element;
    else return [];
  }
  return [];
}

function unwrap(schema: unknown): unknown {
  let current = schema;
  for (;;) {
    const def = (current as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def) return current;
    if (
      def.type === "default" ||
      def.type === "prefault" ||
      def.type === "optional" ||
      def.type === "nullable"
    ) {
      current = def.innerType;
    } else if (def.type === "pipe") {
      current = def.in;
    } else {
      return current;
    }
  }
}
