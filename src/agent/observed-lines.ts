import { lineSources, personLine } from "../core/agent/line-owners.js";
import { textHash } from "../core/agent/text-hash.js";
import type { Clock } from "../core/clock.js";
import { pathKey } from "../core/commit/file-change.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import type {
  ObservedByCommit,
  ObservedFile,
  ObservedLine,
} from "../core/trace/observed-ranges.js";
import { recordedLines } from "../core/trace/recorded-lines.js";
import { isTrivialLine } from "../core/trace/recorded-runs.js";
import { readObjects } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import {
  type FileLines,
  readAll,
  type Tampering,
  type Withheld,
  type Writer,
  withObservations,
  writeFileLines,
} from "./observation-store.js";

/**
 * At landing, which committed lines an agent was seen writing in this work tree: each committed
 * file with observed lines (observation-store.ts) is compared, line by line, with the text the
 * agent last left. A line still as the agent wrote it is its; a line a person changed, before or
 * after, is the person's. A line the agent's diff saw as the file's own but git counts as added
 * (two diffs of one change can align repeated lines differently: a rewritten lock file, a block
 * after a `}`) is the agent's when the file was as committed before the agent first wrote it —
 * then no one else changed it. A file whose observations were changed or removed other than by
 * intentguard gives those lines to nobody (withheld). Costs nothing without observations (file
 * reads: hasObservations); else the store's two git processes and one `cat-file --batch`.
 */
export async function observedLines(
  repo: Repo,
  clock: Clock,
  diffs: readonly CommitDiff[],
): Promise<{ byCommit: ObservedByCommit; settle(): Promise<void>; tampering: Tampering | null }> {
  const byCommit = new Map<string, Map<string, ObservedFile>>();
  const { files, tampering } = await withObservations(
    repo,
    clock,
    "landing",
    async (head, found) => ({ files: await readAll(repo, head), tampering: found }),
  );
  if (files.size === 0) {
    const settle = async () => {
      // An empty store (its last file settled by a write that could not know) goes.
      if (tampering === null) await dropIfEmpty(repo, clock);
    };
    return { byCommit, settle, tampering };
  }
  const wanted = diffs.flatMap((diff) =>
    diff.changes.filter((change) => change.newBlob !== null && files.has(change.path)),
  );
  const blobs = await readObjects(repo.root, [
    ...new Set(wanted.flatMap((change) => [change.newBlob, change.oldBlob ?? []].flat())),
  ] as string[]);
  const committed = new Map<string, string>();
  for (const diff of diffs) {
    const perFile = new Map<string, ObservedFile>();
    for (const change of diff.changes) {
      const file = files.get(change.path);
      const blob = change.newBlob ? blobs.get(change.newBlob) : undefined;
      if (!file || !blob) continue;
      const text = blob.content.toString("latin1");
      const parent = change.oldBlob
        ? (blobs.get(change.oldBlob)?.content.toString("latin1") ?? null)
        : "";
      committed.set(change.path, text);
      perFile.set(pathKey(change.path, change.pathBytes), {
        observed: observedIn(file, text, parent),
        lines: recordedLines(new Uint8Array(blob.content)),
      });
    }
    if (perFile.size > 0) byCommit.set(diff.commit.sha, perFile);
  }
  return {
    byCommit,
    settle: () => settle(repo, clock, files, committed),
    tampering,
  };
}

/**
 * After the commits' records are written: a file committed exactly as the agent left it is
 * forgotten (every observed line has landed); else its baseline becomes what was committed, which
 * the next commit's lines are measured from. Under the store's lock, against the store as it is
 * then: a file an agent wrote again meanwhile is left as that write left it.
 */
async function settle(
  repo: Repo,
  clock: Clock,
  read: ReadonlyMap<string, FileLines>,
  committed: ReadonlyMap<string, string>,
): Promise<void> {
  await withObservations(repo, clock, "landing", async (head) => {
    const now = await readAll(repo, head);
    const changes = new Map<string, FileLines | null>();
    for (const [file, text] of committed) {
      const seen = read.get(file);
      const current = now.get(file);
      if (!seen || !current || current.text !== seen.text) continue;
      changes.set(file, seen.text === text ? null : { ...current, baseline: textHash(text) });
    }
    const left = [...now.keys()].filter((file) => changes.get(file) !== null).length;
    await writeFileLines(repo, clock, head, changes, left);
  });
}

/** A store left with no file is removed, so that an ordinary commit reads nothing again. */
async function dropIfEmpty(repo: Repo, clock: Clock): Promise<void> {
  await withObservations(repo, clock, "landing", async (head) => {
    if (head !== null && (await readAll(repo, head)).size === 0) {
      await writeFileLines(repo, clock, head, new Map([["", null]]), 0);
    }
  });
}

function observedIn(
  file: FileLines,
  committed: string,
  parent: string | null,
): (ObservedLine | undefined)[] {
  const seen = file.writers.map((writer) =>
    file.withheld ? withheldLine(writer, file.withheld) : observedLine(writer),
  );
  const untouchedBaseline = parent !== null && textHash(parent) === file.baseline;
  const lines = recordedLines(committed);
  const owners = withoutTrivialRuns(
    lineSources(recordedLines(file.text), lines).map((source) =>
      source === -1 ? personLine : (file.owners[source] ?? null),
    ),
    lines,
  );
  return owners.map((owner, line) => {
    if (owner !== null) return owner === personLine ? undefined : seen[owner];
    const nearest = untouchedBaseline ? nearestWriter(owners, line) : null;
    return nearest === null ? undefined : seen[nearest];
  });
}

/**
 * An agent's lines matched only by `}` and blank lines, next to lines a person wrote after the
 * agent, are no evidence: a person who threw the agent's work away and wrote their own shares
 * those with it. Such a run counts when it holds a line with content of its own
 * (recorded-runs.ts isTrivialLine); among the agent's own or untouched lines it always counts.
 */
function withoutTrivialRuns(
  owners: (number | null)[],
  lines: readonly string[],
): (number | null)[] {
  const agents = (owner: number | null | undefined) =>
    owner !== undefined && owner !== null && owner !== personLine;
  let start = 0;
  while (start < owners.length) {
    if (!agents(owners[start])) {
      start++;
      continue;
    }
    let end = start;
    while (end < owners.length && agents(owners[end])) end++;
    const besidePerson = owners[start - 1] === personLine || owners[end] === personLine;
    if (besidePerson && lines.slice(start, end).every((line) => isTrivialLine(line))) {
      for (let index = start; index < end; index++) owners[index] = personLine;
    }
    start = end;
  }
  return owners;
}

/** The writer of the agent's line nearest to `line`; null when none is left. */
function nearestWriter(owners: readonly (number | null)[], line: number): number | null {
  for (let distance = 1; distance < owners.length; distance++) {
    for (const at of [line - distance, line + distance]) {
      const owner = owners[at];
      if (owner !== undefined && owner !== null && owner !== personLine) return owner;
    }
  }
  return null;
}

function observedLine(writer: Writer): ObservedLine {
  return {
    contributor: {
      entity_type: "AI",
      agent_id: writer.agent_id,
      ...(writer.model_identifier ? { model_identifier: writer.model_identifier } : {}),
    },
    evidence: { kind: "observed", ...writer },
  };
}

/** A line whose observations were tampered with: nobody's, and why (record version 3). */
function withheldLine(writer: Writer, withheld: Withheld): ObservedLine {
  return {
    contributor: null,
    evidence: {
      kind: "withheld",
      how: withheld.how,
      agent_id: writer.agent_id,
      ...(writer.session_id ? { session_id: writer.session_id } : {}),
    },
  };
}
