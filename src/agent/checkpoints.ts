import { appendFileSync, rmSync } from "node:fs";
import path from "node:path";
import { carryOwners, personLine, runsOf } from "../core/agent/line-owners.js";
import { textHash } from "../core/agent/text-hash.js";
import { type Clock, isoMillis } from "../core/clock.js";
import { recordedLines } from "../core/trace/recorded-lines.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import type { Repo } from "../git/repo.js";
import { checkpointDir } from "./agent-state.js";
import { fileKey } from "./file-key.js";
import {
  type FileLines,
  readFileLines,
  type Tampering,
  type Writer,
  withObservations,
  writeFileLines,
} from "./observation-store.js";

/** Files above this size are not checkpointed (generated or vendored, not written line by line). */
const largestFile = 4 * 1024 * 1024;

function beforeFile(stateDir: string, relative: string, call: string): string {
  return path.join(checkpointDir(stateDir), "before", fileKey(call, relative));
}

/** Marks a file the pre-write hook saw but could not observe (binary, too large, a folder). */
const unobservable = ".none";

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

/**
 * Before a tool call writes a file: its content now, for the post-write diff — or, for a file
 * that cannot be observed, a mark that says so: after the call, no snapshot at all means it was
 * taken away.
 */
export function snapshotBefore(stateDir: string, relative: string, call: string, absolute: string) {
  const text = readText(absolute);
  const file = beforeFile(stateDir, relative, call);
  if (text === null) {
    writeFileAtomic(`${file}${unobservable}`, "");
    return;
  }
  // Its bytes as they are (an absent file as empty): read back as the same latin1 text.
  writeFileAtomic(file, Buffer.from(text === "absent" ? "" : text, "latin1"));
}

/** The pre-write snapshot of a file for a call, taken (and removed) once. */
function takeSnapshot(
  stateDir: string,
  relative: string,
  call: string,
): Buffer | "unobservable" | null {
  const file = beforeFile(stateDir, relative, call);
  const snapshot = readIfExists(file);
  rmSync(file, { force: true });
  if (snapshot !== undefined) return snapshot;
  const marked = readIfExists(`${file}${unobservable}`) !== undefined;
  rmSync(`${file}${unobservable}`, { force: true });
  return marked ? "unobservable" : null;
}

/** What a checkpoint did: the runs the agent wrote, and what was missing or changed. */
export interface Checkpoint {
  runs: [number, number][];
  /** The pre-write snapshot this call should have left was not there: taken away. */
  snapshotMissing: boolean;
  tampering: Tampering | null;
}

/**
 * After a tool call wrote a file: the lines it added or changed are the agent's. The lines before
 * the call are what the pre-write snapshot saw (else, where none is expected — a shell command's
 * file — the file as last observed, else `fallbackBefore`: what is staged; first when
 * `cleanBefore` says the file was as staged); a line a person changed since the last observation
 * is the person's. The runs the agent wrote are logged in `checkpoints.jsonl`.
 */
export async function checkpointAfter(
  repo: Repo,
  relative: string,
  call: string,
  absolute: string,
  writer: Writer,
  clock: Clock,
  before: {
    fallback: () => Promise<string>;
    cleanBefore?: boolean;
    /** Whether a pre-write snapshot must be there (a file tool's call). */
    expected: boolean;
  },
): Promise<Checkpoint> {
  const snapshot = takeSnapshot(repo.stateDir, relative, call);
  const snapshotMissing = before.expected && snapshot === null;
  const after = readText(absolute);
  return withObservations(repo, clock, "write", async (head, tampering) => {
    const done = { snapshotMissing, tampering };
    if (after === null || snapshot === "unobservable") return { runs: [], ...done };
    const known = await readFileLines(repo, head, relative);
    const lines = observe(known, {
      before: snapshot
        ? snapshot.toString("latin1")
        : before.cleanBefore || !known
          ? await before.fallback()
          : known.text,
      after: after === "absent" ? "" : after,
      writer,
      relative,
    });
    if (lines.changed) await writeFileLines(repo, clock, head, new Map([[relative, lines.file]]));
    if (lines.runs.length > 0) {
      const entry = { time: isoMillis(clock.now()), path: relative, ...writer, lines: lines.runs };
      appendFileSync(
        path.join(checkpointDir(repo.stateDir), "checkpoints.jsonl"),
        `${JSON.stringify(entry)}\n`,
      );
    }
    return { runs: lines.runs, ...done };
  });
}

/**
 * A file's observed lines after a write: who owned each line before (the known observation,
 * carried over a person's edits since), then the lines the write added or changed given to it.
 * `file` null: no agent line is left to keep.
 */
function observe(
  known: FileLines | null,
  call: { before: string; after: string; writer: Writer; relative: string },
): { file: FileLines | null; runs: [number, number][]; changed: boolean } {
  const writers = [...(known?.writers ?? [])];
  // A person's edits between the last observation and this call: theirs.
  const ownersBefore = !known
    ? recordedLines(call.before).map(() => null)
    : known.text === call.before
      ? known.owners
      : carryOwners(
          recordedLines(known.text),
          known.owners,
          recordedLines(call.before),
          personLine,
        );
  const index = writers.length;
  const owners = carryOwners(
    recordedLines(call.before),
    ownersBefore,
    recordedLines(call.after),
    index,
  );
  const runs = runsOf(owners, index);
  if (runs.length > 0) writers.push(call.writer);
  if (owners.every((owner) => owner === null || owner === personLine)) {
    return { file: null, runs, changed: known !== null };
  }
  const file: FileLines = {
    version: 2,
    path: call.relative,
    text: call.after,
    baseline: known?.baseline ?? textHash(call.before),
    owners,
    writers,
    ...(known?.withheld ? { withheld: known.withheld } : {}),
  };
  return { file, runs, changed: true };
}
