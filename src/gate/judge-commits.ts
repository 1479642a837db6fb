import type { FileChange } from "../core/file-change.js";
import type { Governance } from "../core/governance.js";
import { resolveCommitIntent } from "../core/judge/commit-intent.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { intentTrailer, trailerValues } from "../core/trailers.js";
import type { Environment } from "../environment.js";
import { diffCommits, diffTrees } from "../git/diff-commit.js";
import { type BlobsRead, readBlobs } from "../git/read-blobs.js";
import type { Repo } from "../git/repo.js";
import { shareHistory } from "../git/revisions.js";
import {
  type GovernanceSnapshot,
  governanceObjectNames,
  snapshotFromGit,
  snapshotOf,
} from "../governance/governance-snapshot.js";
import { governanceBeforeRemoval, once } from "./governance-sources.js";
import { judgeAgainstParent } from "./judge-against-parent.js";

/** One commit's judgement, with the diff it was judged on (tracing reuses it). */
export type CommitJudgement =
  | { commit: string; diff: CommitDiff; kind: "judged"; verdict: Verdict; governance: Governance }
  /** Its history never had governance, and it adds none. */
  | { commit: string; diff: CommitDiff; kind: "ungoverned" };

export interface CommitsToJudge {
  repo: Repo;
  /** Oldest first. */
  commits: readonly string[];
  env: Environment;
  /** How to name a parent in messages (e.g. "HEAD" for the commit being made on it). */
  parentLabel?: (parent: string) => string;
  /** After a block, compare the staged and working-copy governance with the parent's. */
  explainPending: boolean;
}

/**
 * Judges existing commits exactly as the hooks judge a staged change — the same code, each
 * commit against its first parent's governance and under its own `Intent:` trailer — reading
 * every diff with one streamed `git diff-tree --stdin` and every parent's governance files with
 * one `git cat-file --batch` (parsed once per distinct content, through the governance cache).
 * A merge is judged on what it authors: the paths that differ from every parent, or, when it
 * brings in an unrelated history, every path that differs from its first parent.
 */
export async function judgeCommits(request: CommitsToJudge): Promise<JudgedCommits> {
  const { repo, env } = request;
  const dir = repo.root;
  const diffs: CommitDiff[] = [];
  await diffCommits(dir, request.commits, (diff) => diffs.push(diff));
  const { snapshots: parentSnapshots, digests } = await readParentsAndBlobs(
    dir,
    diffs,
    request.parentLabel,
  );
  const judgements: CommitJudgement[] = [];
  for (const diff of diffs) {
    const { sha, parents, trailers } = diff.commit;
    const [firstParent] = parents;
    const changes = (await unrelatedMerge(dir, parents))
      ? await diffTrees(dir, firstParent as string, sha)
      : diff.changes;
    const judgement = await judgeAgainstParent({
      repo,
      parentGovernance: firstParent ? (parentSnapshots.get(firstParent) ?? null) : null,
      ownGovernance: once(() => snapshotFromGit(dir, { kind: "commit", rev: sha.slice(0, 12) })),
      governanceBeforeRemoval: () =>
        firstParent ? governanceBeforeRemoval(dir, firstParent) : Promise.resolve(null),
      changes,
      merge: parents.length > 1,
      resolved: resolveCommitIntent(trailerValues(trailers, intentTrailer), env.intent),
      agent: env.agent,
      deferWithoutIntent: false,
      explainPending: request.explainPending,
    });
    if (judgement.kind === "ungoverned") {
      judgements.push({ commit: sha, diff, kind: "ungoverned" });
      continue;
    }
    const declared = env.intent?.trim();
    if (declared && trailerValues(trailers, intentTrailer).length === 0) {
      judgement.verdict.notes.push({ kind: "trailer-missing", declared });
    }
    judgements.push({ commit: sha, diff, ...judgement });
  }
  return { judgements, digests };
}

/** The judgements, and the SHA-256 of every blob the commits touch (their records need them). */
export interface JudgedCommits {
  judgements: CommitJudgement[];
  digests: BlobsRead["digests"];
}

/**
 * The governance files of every first parent, and every blob the commits touch hashed as it
 * streams by, with one `git cat-file --batch`: a commit that is allowed is traced next, and a
 * second git process for its blobs would cost more than hashing them for one that is refused.
 */
async function readParentsAndBlobs(
  dir: string,
  diffs: readonly CommitDiff[],
  label: (parent: string) => string = (parent) => parent.slice(0, 12),
): Promise<{ snapshots: Map<string, GovernanceSnapshot>; digests: BlobsRead["digests"] }> {
  const parents = [...new Set(diffs.flatMap((diff) => diff.commit.parents.slice(0, 1)))];
  const oids = diffs.flatMap((diff) => diff.changes.flatMap(blobIds));
  const { digests, whole } = await readBlobs(dir, oids, parents.flatMap(governanceObjectNames));
  const snapshots = new Map(
    parents.map((parent) => {
      const [intents, policy] = governanceObjectNames(parent).map((name) => whole.get(name));
      return [parent, snapshotOf({ kind: "commit", rev: label(parent) }, parent, intents, policy)];
    }),
  );
  return { snapshots, digests };
}

/** The blobs a change's record hashes (a submodule's commit is not a blob here). */
function blobIds(change: FileChange): string[] {
  const ids: string[] = [];
  if (change.oldBlob && change.oldMode !== "160000") ids.push(change.oldBlob);
  if (change.newBlob && change.newMode !== "160000") ids.push(change.newBlob);
  return ids;
}

/** A merge whose other parents share no history with its first parent. */
async function unrelatedMerge(dir: string, parents: readonly string[]): Promise<boolean> {
  const [first, ...others] = parents;
  if (!first || others.length === 0) return false;
  for (const other of others) if (!(await shareHistory(dir, first, other))) return true;
  return false;
}
