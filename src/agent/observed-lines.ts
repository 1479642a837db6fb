import { lineSources } from "../core/agent/line-owners.js";
import { pathKey } from "../core/file-change.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import type {
  ObservedByCommit,
  ObservedFile,
  ObservedLine,
} from "../core/trace/observed-ranges.js";
import { recordedLines } from "../core/trace/recorded-lines.js";
import { readObjects } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { type FileLines, forgetFileLines, observedFiles, type Writer } from "./checkpoints.js";

/**
 * At landing, which committed lines an agent was seen writing in this work tree: each committed
 * file with checkpointed lines is compared, line by line, with the text the agent last left
 * (checkpoints.ts); lines that are still as the agent wrote them are its, a line a person changed
 * since is not. Costs nothing without checkpoints (one directory read); else one
 * `git cat-file --batch` for the committed blobs.
 */
export async function observedLines(
  repo: Repo,
  diffs: readonly CommitDiff[],
): Promise<{ byCommit: ObservedByCommit; settle(): void }> {
  const byCommit = new Map<string, Map<string, ObservedFile>>();
  const files = new Map(observedFiles(repo.stateDir).map((file) => [file.path, file]));
  if (files.size === 0) return { byCommit, settle: () => {} };
  const wanted = diffs.flatMap((diff) =>
    diff.changes.filter((change) => change.newBlob !== null && files.has(change.path)),
  );
  const blobs = await readObjects(
    repo.root,
    wanted.map((change) => change.newBlob as string),
  );
  const committed = new Map<string, string>();
  for (const diff of diffs) {
    const perFile = new Map<string, ObservedFile>();
    for (const change of diff.changes) {
      const file = files.get(change.path);
      const blob = change.newBlob ? blobs.get(change.newBlob) : undefined;
      if (!file || !blob) continue;
      committed.set(change.path, blob.content.toString("latin1"));
      perFile.set(pathKey(change.path, change.pathBytes), {
        observed: observedIn(file, blob.content.toString("latin1")),
        lines: recordedLines(new Uint8Array(blob.content)),
      });
    }
    if (perFile.size > 0) byCommit.set(diff.commit.sha, perFile);
  }
  return {
    byCommit,
    // Once a file is committed exactly as the agent left it, every observed line has landed.
    settle() {
      for (const [path, text] of committed) {
        if (files.get(path)?.text === text) forgetFileLines(repo.stateDir, path);
      }
    },
  };
}

function observedIn(file: FileLines, committed: string): (ObservedLine | undefined)[] {
  const seen = file.writers.map(observedLine);
  return lineSources(recordedLines(file.text), recordedLines(committed)).map((source) => {
    const owner = source === -1 ? null : (file.owners[source] ?? null);
    return owner === null ? undefined : seen[owner];
  });
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
