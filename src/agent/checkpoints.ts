import { appendFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { carryOwners, personLine, runsOf } from "../core/agent/line-owners.js";
import { textHash } from "../core/agent/text-hash.js";
import { type Clock, isoMillis } from "../core/clock.js";
import { recordedLines } from "../core/trace/recorded-lines.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { checkpointDir, observedLinesDir } from "./agent-state.js";

/** The agent, model, session and tool call that wrote some lines: an `observed` evidence's fields. */
export interface Writer {
  agent_id: string;
  model_identifier?: string;
  session_id?: string;
  tool_use_id?: string;
}

/**
 * A file's observed lines: its text when an agent last wrote it, and who wrote each line — an
 * index into `writers`, `personLine` for a line a person changed between the agent's writes, null
 * for a line as it was before the agent first wrote the file (the baseline, fingerprinted by
 * textHash). Kept per work tree until every line it holds is committed.
 */
export interface FileLines {
  version: 2;
  path: string;
  text: string;
  baseline: string;
  owners: (number | null)[];
  writers: Writer[];
}

/** Files above this size are not checkpointed (generated or vendored, not written line by line). */
const largestFile = 4 * 1024 * 1024;

/**
 * A file name for a path (and a tool call): its bytes in base64url, which any file system takes,
 * without loading node:crypto on every edit. A name past 200 characters keeps its first 150 and
 * an FNV-1a hash of the rest; readers check the path stored inside, so a clash loses
 * observations, never attributes them to another file.
 */
export function fileKey(...parts: string[]): string {
  const name = Buffer.from(parts.join("\0")).toString("base64url");
  return name.length <= 200 ? name : `${name.slice(0, 150)}-${textHash(name)}`;
}

function linesFile(stateDir: string, relative: string): string {
  return path.join(observedLinesDir(stateDir), `${fileKey(relative)}.json`);
}

function beforeFile(stateDir: string, relative: string, call: string): string {
  return path.join(checkpointDir(stateDir), "before", fileKey(call, relative));
}

/**
 * A file's text as lines are compared: its bytes one character each (latin1), so that any
 * encoding survives a round trip; null when absent, binary or too large to checkpoint.
 */
export function readText(absolute: string): string | null | "absent" {
  let bytes: Buffer | undefined;
  try {
    bytes = readIfExists(absolute);
  } catch {
    return null; // a folder, or unreadable: nothing to observe
  }
  if (bytes === undefined) return "absent";
  if (bytes.length > largestFile || bytes.subarray(0, 8000).includes(0)) return null;
  return bytes.toString("latin1");
}

/** Before a tool call writes a file: its content now, for the post-write diff. */
export function snapshotBefore(stateDir: string, relative: string, call: string, absolute: string) {
  const text = readText(absolute);
  if (text === null) return;
  // Its bytes as they are (an absent file as empty): read back as the same latin1 text.
  writeFileAtomic(
    beforeFile(stateDir, relative, call),
    Buffer.from(text === "absent" ? "" : text, "latin1"),
  );
}

export function readFileLines(stateDir: string, relative: string): FileLines | null {
  const bytes = readIfExists(linesFile(stateDir, relative));
  const lines = bytes ? parseFileLines(bytes.toString("utf8")) : null;
  return lines?.path === relative ? lines : null;
}

/** A file's observed lines as stored; null when damaged (only observations are lost). */
function parseFileLines(text: string): FileLines | null {
  try {
    const value = JSON.parse(text) as FileLines;
    return value.version === 2 ? value : null;
  } catch {
    return null;
  }
}

/**
 * After a tool call wrote a file: the lines it added or changed are the agent's. The lines before
 * the call are what the pre-write snapshot saw (else the file as last observed, else
 * `fallbackBefore`: what is staged — first when `cleanBefore` says the file was as staged); a line a person changed since the last observation is the
 * person's. Returns the runs the agent wrote, logged in `checkpoints.jsonl`.
 */
export async function checkpointAfter(
  stateDir: string,
  relative: string,
  call: string,
  absolute: string,
  writer: Writer,
  clock: Clock,
  fallbackBefore: () => Promise<string>,
  cleanBefore = false,
): Promise<[number, number][]> {
  const after = readText(absolute);
  const snapshotPath = beforeFile(stateDir, relative, call);
  const snapshot = readIfExists(snapshotPath);
  rmSync(snapshotPath, { force: true });
  if (after === null) return [];
  const afterText = after === "absent" ? "" : after;
  const known = readFileLines(stateDir, relative);
  // Without a snapshot: the file as last observed, unless it is known to have been as staged
  // (a file a shell command changed that had no changes before it).
  const beforeText = snapshot
    ? snapshot.toString("latin1")
    : cleanBefore || !known
      ? await fallbackBefore()
      : known.text;
  const writers = known?.writers ?? [];
  // A person's edits between the last observation and this call: theirs.
  const ownersBefore = !known
    ? recordedLines(beforeText).map(() => null)
    : known.text === beforeText
      ? known.owners
      : carryOwners(recordedLines(known.text), known.owners, recordedLines(beforeText), personLine);
  const index = writers.length;
  const owners = carryOwners(
    recordedLines(beforeText),
    ownersBefore,
    recordedLines(afterText),
    index,
  );
  const runs = runsOf(owners, index);
  const file = linesFile(stateDir, relative);
  if (runs.length > 0) writers.push(writer);
  if (owners.every((owner) => owner === null || owner === personLine)) {
    rmSync(file, { force: true });
  } else {
    const baseline = known?.baseline ?? textHash(beforeText);
    const lines: FileLines = {
      version: 2,
      path: relative,
      text: afterText,
      baseline,
      owners,
      writers,
    };
    writeFileAtomic(file, JSON.stringify(lines));
  }
  if (runs.length > 0) {
    const entry = { time: isoMillis(clock.now()), path: relative, ...writer, lines: runs };
    appendFileSync(
      path.join(checkpointDir(stateDir), "checkpoints.jsonl"),
      `${JSON.stringify(entry)}\n`,
    );
  }
  return runs;
}

/** Every file with observed lines in this work tree (none: no directory, nothing read). */
export function observedFiles(stateDir: string): FileLines[] {
  let names: string[];
  try {
    names = readdirSync(observedLinesDir(stateDir));
  } catch {
    return [];
  }
  const files: FileLines[] = [];
  for (const name of names) {
    let text: string;
    try {
      text = readFileSync(path.join(observedLinesDir(stateDir), name), "utf8");
    } catch {
      continue; // unreadable: its observations are lost, nothing else
    }
    const lines = parseFileLines(text);
    if (lines) files.push(lines);
  }
  return files;
}

/**
 * After a commit of the file: forgotten once it is committed exactly as the agent left it (every
 * observed line has landed); else its baseline becomes what was committed, which the next
 * commit's lines are measured from.
 */
export function settleFileLines(file: FileLines, stateDir: string, committed: string): void {
  const target = linesFile(stateDir, file.path);
  if (file.text === committed) {
    rmSync(target, { force: true });
    return;
  }
  try {
    writeFileAtomic(target, JSON.stringify({ ...file, baseline: textHash(committed) }));
  } catch {
    // the next commit then credits the person with what it cannot tell apart: nothing is lost
  }
}
