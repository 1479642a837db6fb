import { createHash } from "node:crypto";
import path from "node:path";
import type { Document } from "yaml";
import type { Clock } from "../core/clock.js";
import { IntentsFile, type IntentsFile as IntentsFileType } from "../core/config/intents-schema.js";
import { parseConfig } from "../core/config/parse-config.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import { appendAll } from "../core/unbounded-arrays.js";
import { ConfigError, ExitCode, FailureError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { withFileLock } from "../fs/file-lock.js";
import { readIfExists } from "../fs/read-if-exists.js";

/**
 * The working copy's intents file, opened for an edit: its YAML document (comments, key order,
 * quoting and layout kept by the `yaml` package's Document API), its validated content, and the
 * SHA-256 of the bytes it was read from, which the write checks again.
 */
export interface IntentsDocument {
  readonly file: string;
  /** The text as read: the lines an edit does not touch are written back exactly like this. */
  readonly text: string;
  readonly document: Document;
  readonly intents: IntentsFileType;
  readonly readSha256: string;
}

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/**
 * Opens the working copy's intents file for an edit; a file that is missing or invalid is refused
 * (exit 2) with where and why: an edit of an invalid file could not be checked.
 */
export async function openIntentsDocument(root: string): Promise<IntentsDocument> {
  const file = path.join(root, intentsFilePath);
  const bytes = readIfExists(file, "the intents file");
  if (bytes === undefined) {
    throw new FailureError({ kind: "intents-file-missing", lint: false }, ExitCode.CannotEvaluate);
  }
  const text = bytes.toString("utf8");
  const parsed = await parseConfig(intentsFilePath, text, IntentsFile);
  if (!parsed.ok) {
    throw new ConfigError(parsed.problems, `Fix ${intentsFilePath}, then run the command again.`);
  }
  const { parseDocument } = await import("yaml");
  const document = parseDocument(text, { keepSourceTokens: false });
  return { file, text, document, intents: parsed.value, readSha256: sha256(bytes) };
}

/**
 * Writes an edited document back: validated like any intents file (an edit never leaves rules
 * that fail to load), atomically (readers see the old file or the new), and only if the file is
 * still the one that was read — under a lock, so of two concurrent writers one wins and the other
 * is told to run its command again (exit 2), and no edit is lost. `edited` is the new text when
 * the caller spliced its edit into the source itself (intent-source-edit.ts); else the document
 * is rendered, keeping every line it does not change where it can. Returns the new text, and
 * whether the file's own layout was kept.
 */
export async function saveIntentsDocument(
  opened: IntentsDocument,
  clock: Clock,
  edited?: string,
): Promise<SavedIntents> {
  const rendered = edited === undefined ? await keepUntouchedLines(opened) : undefined;
  const text = edited ?? rendered?.text ?? "";
  const parsed = await parseConfig(intentsFilePath, text, IntentsFile);
  if (!parsed.ok) {
    // The commands validate their input first: an edit that breaks the file is a bug.
    throw new Error(
      `an edit left ${intentsFilePath} invalid: ${parsed.problems.map((p) => p.message).join("; ")}`,
    );
  }
  await withFileLock(`${opened.file}.lock`, clock, () => {
    const now = readIfExists(opened.file, "the intents file");
    if (now === undefined || sha256(now) !== opened.readSha256) {
      throw new FailureError({ kind: "intents-file-changed" }, ExitCode.CannotEvaluate);
    }
    writeFileAtomic(opened.file, text, undefined, "the intents file");
  });
  return { text, layoutKept: rendered?.layoutKept ?? true };
}

export interface SavedIntents {
  text: string;
  /** False when the file had to be written out in the yaml package's layout (see below). */
  layoutKept: boolean;
}

const renderOptions = { lineWidth: 0 } as const;

/**
 * The edited document as text, with every line the edit did not touch exactly as the user wrote
 * it. The `yaml` package keeps comments and key order but renders the whole document in its own
 * style (`["a"]` becomes `[ "a" ]`); so the original, unedited, is rendered the same way, the two
 * renderings are diffed line by line (jsdiff), and only the lines that differ are taken from the
 * new rendering. When the user's text and its rendering do not line up (a comment after a key
 * moved to its own line, a flow collection over several lines), or the merge would not mean what
 * the edited document means, the new rendering is written whole — formatting may change, content
 * and comments never — and the caller says so.
 */
async function keepUntouchedLines(
  opened: IntentsDocument,
): Promise<{ text: string; layoutKept: boolean }> {
  const { parseDocument } = await import("yaml");
  const { diffArrays } = await import("diff");
  // CRLF files are compared and written back with their own line ends.
  const eol = opened.text.includes("\r\n") ? "\r\n" : "\n";
  const withEol = (text: string) => (eol === "\n" ? text : text.replaceAll("\n", eol));
  const after = opened.document.toString(renderOptions);
  const original = opened.text.replaceAll("\r\n", "\n").split("\n");
  const before = parseDocument(opened.text).toString(renderOptions).split("\n");
  if (before.length !== original.length) return { text: withEol(after), layoutKept: false };
  const merged: string[] = [];
  let line = 0;
  for (const part of diffArrays(before, after.split("\n"))) {
    if (part.added) appendAll(merged, part.value);
    else if (part.removed) line += part.value.length;
    else {
      appendAll(merged, original.slice(line, line + part.value.length));
      line += part.value.length;
    }
  }
  const text = merged.join("\n");
  const same =
    JSON.stringify(parseDocument(text).toJS()) === JSON.stringify(opened.document.toJS());
  return same
    ? { text: withEol(text), layoutKept: true }
    : { text: withEol(after), layoutKept: false };
}

/**
 * Sets a scalar (a status, a timestamp) keeping the style it was written in: a value written
 * "quoted" stays quoted. A key that is not there yet is added.
 */
export async function setScalarIn(
  opened: IntentsDocument,
  keys: readonly (string | number)[],
  value: string,
): Promise<void> {
  // Loaded here, as everywhere: a hook never loads the YAML parser.
  const { isScalar } = await import("yaml");
  const node = opened.document.getIn(keys, true);
  if (isScalar(node)) node.value = value;
  else opened.document.setIn(keys, value);
}

/** The index of an intent in the file, or a refusal naming the known IDs (exit 2). */
export function intentIndex(opened: IntentsDocument, id: string): number {
  const index = opened.intents.active_intents.findIndex((intent) => intent.id === id);
  if (index === -1) {
    const intents = opened.intents.active_intents.map(({ id, name }) => ({ id, name }));
    throw new FailureError({ kind: "unknown-intent", id, intents }, ExitCode.CannotEvaluate);
  }
  return index;
}
