import type { FileChange } from "../core/file-change.js";
import type { Governance } from "../core/governance.js";
import { resolveCommitIntent } from "../core/judge/commit-intent.js";
import type { SignatureDue } from "../core/judge/governance-signature.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { intentTrailer, trailerValues } from "../core/trailers.js";
import type { Environment } from "../environment.js";
import { diffCommit, diffCommits } from "../git/diff-commit.js";
import { type BlobsRead, readBlobs } from "../git/read-blobs.js";
import type { Repo } from "../git/repo.js";
import {
  type GovernanceSnapshot,
  governanceObjectNames,
  snapshotFromGit,
  snapshotOf,
} from "../governance/governance-snapshot.js";
import { governanceSignatureDue, settleSignatures } from "./governance-signatures.js";
import { governanceBeforeRemoval, once } from "./governance-sources.js";
import { judgeAgainstParent } from "./judge-against-parent.js";
import { authoredChange } from "./merge-authored.js";

/** One commit's judgement, with the diff it was judged on (tracing reuses it). */
export type CommitJudgement =
  | {
      commit: string;
      diff: CommitDiff;
      kind: "judged";
      verdict: Verdict;
      governance: Governance;
      /**
       * A governance commit its rules require to be signed by an approver: its verdict is final
       * only once settleSignatures has checked the signature (for all the job's commits at once).
       */
      signature?: SignatureDue;
    }
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
 * brings in an unrelated history, every path that differs from its first parent. The signatures
 * of the governance commits that need one are checked together, with one `git log`.
 */
export async function judgeCommits(request: CommitsToJudge): Promise<JudgedCommits> {
  const {
    diffs,
    snapshots: parentSnapshots,
    digests,
  } = await readCommits(request.repo.root, request.commits, request.parentLabel);
  const judgements: CommitJudgement[] = [];
  for (const diff of diffs) {
    const [firstParent] = diff.commit.parents;
    const parentGovernance = firstParent ? (parentSnapshots.get(firstParent) ?? null) : null;
    judgements.push(await judgeCommitDiff(request, diff, parentGovernance));
  }
  await settleSignatures(
    request.repo,
    judgements.flatMap((judged) =>
      judged.kind === "judged" && judged.signature
        ? [{ verdict: judged.verdict, due: judged.signature }]
        : [],
    ),
  );
  return { judgements, digests };
}

/**
 * Judges one commit, read with its diff, against its first parent's governance (null for a root)
 * and under its own `Intent:` trailer: the decision every hook and `check --range` share. A merge
 * is judged on what it authors (merge-authored.ts), which may name another parent to judge by.
 * A governance commit whose rules require a signature by an approver comes back with
 * `signature`: the caller settles those for all its commits with one git process
 * (settleSignatures), which completes their verdicts.
 */
export async function judgeCommitDiff(
  request: Omit<CommitsToJudge, "commits" | "parentLabel">,
  diff: CommitDiff,
  parentGovernance: GovernanceSnapshot | null,
): Promise<CommitJudgement> {
  const { repo, env } = request;
  const dir = repo.root;
  const { sha, parents, trailers } = diff.commit;
  const { changes, against } = await authoredChange(dir, diff);
  const judgedBy =
    against === parents[0]
      ? parentGovernance
      : await snapshotFromGit(dir, { kind: "commit", rev: (against as string).slice(0, 12) });
  const ownGovernance = once(() => snapshotFromGit(dir, { kind: "commit", rev: sha.slice(0, 12) }));
  const judgement = await judgeAgainstParent({
    repo,
    parentGovernance: judgedBy,
    ownGovernance,
    governanceBeforeRemoval: () =>
      against ? governanceBeforeRemoval(dir, against) : Promise.resolve(null),
    changes,
    merge: parents.length > 1,
    resolved: resolveCommitIntent(trailerValues(trailers, intentTrailer), env.intent),
    agent: env.agent,
    deferWithoutIntent: false,
    explainPending: request.explainPending,
  });
  if (judgement.kind === "ungoverned") return { commit: sha, diff, kind: "ungoverned" };
  const declared = env.intent?.trim();
  if (declared && trailerValues(trailers, intentTrailer).length === 0) {
    judgement.verdict.notes.push({ kind: "trailer-missing", declared });
  }
  const signature = await governanceSignatureDue(repo, sha, judgement, ownGovernance);
  return { commit: sha, diff, ...judgement, ...(signature ? { signature } : {}) };
}

/** The judgements, and the SHA-256 of every blob the commits touch (their records need them). */
export interface JudgedCommits {
  judgements: CommitJudgement[];
  digests: BlobsRead["digests"];
}

interface CommitsRead {
  diffs: CommitDiff[];
  snapshots: Map<string, GovernanceSnapshot>;
  digests: BlobsRead["digests"];
}

/**
 * The commits' diffs (one `git diff-tree`), and with one `git cat-file --batch` the governance
 * files of every first parent and every blob the commits touch, hashed as it streams by: a commit
 * that is allowed is traced next, and a second git process for its blobs would cost more than
 * hashing them for one that is refused. For the usual single commit, the cat-file starts as soon
 * as the diff's raw part is in, and reads beside the patch.
 */
async function readCommits(
  dir: string,
  commits: readonly string[],
  label: (parent: string) => string = (parent) => parent.slice(0, 12),
): Promise<CommitsRead> {
  const read = (parents: readonly string[], changes: readonly FileChange[]) =>
    readBlobs(dir, changes.flatMap(blobIds), parents.flatMap(governanceObjectNames));
  const snapshotsOf = (parents: readonly string[], whole: BlobsRead["whole"]) =>
    new Map(
      parents.map((parent) => {
        const [intents, policy] = governanceObjectNames(parent).map((name) => whole.get(name));
        const location = { kind: "commit", rev: label(parent) } as const;
        return [parent, snapshotOf(location, parent, intents, policy)];
      }),
    );
  const [only] = commits;
  if (commits.length === 1 && only) {
    let blobs: Promise<BlobsRead> | undefined;
    let first: string[] = [];
    const diff = await diffCommit(dir, only, (changes, parents) => {
      first = parents.slice(0, 1);
      blobs = read(first, changes);
      blobs.catch(() => {}); // awaited below
    });
    const { digests, whole } = await (blobs ?? read(first, diff.changes));
    return { diffs: [diff], snapshots: snapshotsOf(first, whole), digests };
  }
  const diffs: CommitDiff[] = [];
  await diffCommits(dir, commits, (diff) => diffs.push(diff));
  const parents = [...new Set(diffs.flatMap((diff) => diff.commit.parents.slice(0, 1)))];
  const { digests, whole } = await read(
    parents,
    diffs.flatMap((diff) => diff.changes),
  );
  return { diffs, snapshots: snapshotsOf(parents, whole), digests };
}

/** The blobs a change's record hashes (a submodule's commit is not a blob here). */
function blobIds(change: FileChange): string[] {
  const ids: string[] = [];
  if (change.oldBlob && change.oldMode !== "160000") ids.push(change.oldBlob);
  if (change.newBlob && change.newMode !== "160000") ids.push(change.newBlob);
  return ids;
}
