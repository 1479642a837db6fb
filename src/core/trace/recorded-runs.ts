import type { Contributor } from "./contributor.js";

/** A line some record holds: what content matching finds moved, squashed or copied code by. */
export interface RecordedLine {
  commit: string;
  path: string;
  /** The line hashes of the whole range it is in, the range's first line, and its position. */
  rangeHashes: readonly string[];
  rangeStart: number;
  position: number;
  intentId: string | null;
  /** Who the record says wrote it (the range's own contributor, else its file's). */
  contributor: Contributor;
}

/** A line to be matched: its line hash, whether it says too little alone, whether it may be. */
export interface LineToMatch {
  hash: string;
  trivial: boolean;
  /** False for lines that have an answer already: a run never crosses them. */
  open: boolean;
}

/** Lines `from`..`to` (indexes into the lines matched) are recorded at `source`'s lines. */
export interface RecordedRun {
  from: number;
  to: number;
  /** The recorded line matching line `from`. */
  source: RecordedLine;
}

/**
 * How many consecutive non-trivial lines must match a recorded range before lines are attributed
 * by their content: one line ("return x;") recurs everywhere; three in the same order do not.
 */
export const contentRunLength = 3;

/**
 * A line recorded in more places than this is no evidence of where this one came from (a blank
 * line, "}", a licence line): it never starts a run, only goes with one it is inside. Bounds the
 * work: without it, a file of one line repeated thousands of times is quadratic.
 */
export const commonLine = 32;

/**
 * Whether a line says too little to be attributed by its content: blank, punctuation only
 * (`}`, `});`, `]`), or under four characters once trimmed.
 */
export function isTrivialLine(content: string): boolean {
  const trimmed = content.trim();
  return trimmed.length < 4 || /^[\s{}()[\];,.:<>/*#-]*$/.test(trimmed);
}

/** The source lines a run names: `start`..`end` in the source commit's file. */
export function sourceLines(run: RecordedRun): { start: number; end: number } {
  const start = run.source.rangeStart + run.source.position;
  return { start, end: start + run.to - run.from };
}

/**
 * Runs of open lines whose hashes follow one another in one recorded range, each holding at least
 * `contentRunLength` non-trivial lines; a line is in one run at most. For each line that starts a
 * search, every recorded line with its hash that `accept`s it is extended both ways; `prefer`
 * orders two candidate sources (negative: the first is better), and a tie goes to the longer run.
 * Trivial lines go with a run they are inside, never alone. Pure: blame and the hooks share it.
 */
export function recordedRuns(
  lines: readonly LineToMatch[],
  lookup: (hash: string) => readonly RecordedLine[] | undefined,
  accept: (source: RecordedLine, index: number) => boolean,
  prefer: (a: RecordedLine, b: RecordedLine, index: number) => number = () => 0,
): RecordedRun[] {
  const taken = new Uint8Array(lines.length);
  const runs: RecordedRun[] = [];
  const open = (index: number) => taken[index] === 0 && (lines[index] as LineToMatch).open;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as LineToMatch;
    if (!open(index) || line.trivial) continue;
    let best: RecordedRun | null = null;
    const candidates = lookup(line.hash) ?? [];
    if (candidates.length > commonLine) continue;
    for (const at of candidates) {
      if (!accept(at, index)) continue;
      let from = index;
      while (
        from > 0 &&
        at.position - (index - from) > 0 &&
        open(from - 1) &&
        (lines[from - 1] as LineToMatch).hash === at.rangeHashes[at.position - (index - from) - 1]
      ) {
        from -= 1;
      }
      let to = index;
      while (
        to + 1 < lines.length &&
        open(to + 1) &&
        (lines[to + 1] as LineToMatch).hash === at.rangeHashes[at.position + (to + 1 - index)]
      ) {
        to += 1;
      }
      let solid = 0;
      for (let k = from; k <= to; k++) if (!(lines[k] as LineToMatch).trivial) solid++;
      if (solid < contentRunLength) continue;
      const source = { ...at, position: at.position - (index - from) };
      const order = best ? prefer(source, best.source, index) : -1;
      if (!best || order < 0 || (order === 0 && to - from > best.to - best.from)) {
        best = { from, to, source };
      }
    }
    if (!best) continue;
    for (let k = best.from; k <= best.to; k++) taken[k] = 1;
    runs.push(best);
  }
  return runs;
}
