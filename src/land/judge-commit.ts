import type { FileChange } from "../core/commit/file-change.js";
import { intentTrailer, trailerValues } from "../core/commit/trailers.js";
import type { Governance } from "../core/governance/governance.js";
import { intentsFilePath, policyFilePath } from "../core/governance/governance-files.js";
import { resolveCommitIntent } from "../core/judge/commit-intent.js";
import type { SignatureDue } from "../core/judge/governance-signature.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { contributorTrailers } from "../core/trace/contributor.js";
import type { Environment } from "../environment.js";
import { agentMade } from "../gate/agent-made.js";
import { governanceSignatureDue } from "../gate/governance-signatures.js";
import { governanceBeforeRemoval, once } from "../gate/governance-sources.js";
import { judgeAgainstParent } from "../gate/judge-against-parent.js";
import { diffTrees } from "../git/diff-commit.js";
import type { Repo } from "../git/repo.js";
import { emptyTree } from "../git/revisions.js";
import { type GovernanceSnapshot, snapshotFromGit } from "../governance/governance-snapshot.js";
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
      /** The commit's note, when the landing read notes (to trace): absent when it has none. */
      note?: string;
    }
  /** Its history never had governance, and it adds none. */
  | { commit: string; diff: CommitDiff; kind: "ungoverned" };

/** Whose word a commit is judged under. */
export type Declared =
  /** Its own trailers only: CI and the server judge what was committed. */
  | "committed"
  /**
   * A landing made here: a commit without an `Intent:` trailer falls back on INTENTGUARD_INTENT
   * (and says the trailer is missing), and the committing agent is INTENTGUARD_AGENT.
   */
  | "environment";

export interface CommitContext {
  repo: Repo;
  env: Environment;
  declared: Declared;
  /**
   * With `environment`: the commits this very command makes (the rest of a local landing — a
   * branch merged in — was made before, and answers to its own trailers only). All when absent.
   */
  madeHere?: ReadonlySet<string>;
  /** After a block, compare the staged and working-copy governance with the rules judged by. */
  explainPending: boolean;
}

/** The rules a commit of a landing is judged by, as the landing found them. */
export interface RulesForCommit {
  /** The rules in force for it; null when none are (its parent's rules decide, as before adoption). */
  inForce: GovernanceSnapshot | null;
  /** Its first parent's rules: what judges it when nothing is in force. */
  parent: () => Promise<GovernanceSnapshot | null>;
  /** The rules in force once it has applied: the approvals it brings into force are its own. */
  after: () => Promise<GovernanceSnapshot | null>;
  /** It brings a history that never had rules onto rules in force: it authors its whole tree. */
  wholeTree: boolean;
  /**
   * A merge whose rules are not what its parents' rules changes combine to: it authors a rules
   * change even where git's merge of the text has the same rules (no path differs from it).
   */
  authorsRules?: boolean;
  /**
   * The last rules in force that could be read, for a commit repairing rules that cannot be: the
   * repair answers to their signing rule, never to the one it writes itself.
   */
  lastReadable: () => Promise<Governance | null>;
  /** Whether a commit holds the intents file, where the landing knows it (saves a git process). */
  holdsRules?: (commit: string) => boolean | undefined;
  /** git's own merge of a merge's parents, where the landing started it ahead (prefetchMergeTrees). */
  mergeTree?: (commit: string) => Promise<string | null> | undefined;
}

/**
 * Judges one commit of a landing, read with its diff: the decision every hook, `check --range`
 * and pre-receive share. Under the rules in force for it (never its own, so no commit widens its
 * own scope; never merely its first parent's, so no parent chosen by the committer picks the
 * rules); under its own `Intent:` trailer. A merge is judged on what it authors
 * (merge-authored.ts). A governance commit whose rules require a signature by an approver comes
 * back with `signature`: the caller settles those for all its commits with one git process.
 */
export async function judgeLandedCommit(
  context: CommitContext,
  diff: CommitDiff,
  rules: RulesForCommit,
): Promise<CommitJudgement> {
  const { repo, env } = context;
  const dir = repo.root;
  const { sha, parents, trailers } = diff.commit;
  const ownGovernance = once(() => snapshotFromGit(dir, { kind: "commit", rev: sha.slice(0, 12) }));
  const authored = rules.wholeTree
    ? { changes: await diffTrees(dir, await emptyTree(dir), sha), against: undefined }
    : await authoredChange(dir, diff, rules.holdsRules, rules.mergeTree);
  const { against } = authored;
  const changes = rules.authorsRules
    ? withRulesFiles(authored.changes, await ownGovernance())
    : authored.changes;
  const judgedBy =
    rules.inForce ??
    (against === parents[0]
      ? await rules.parent()
      : against === undefined
        ? null
        : await snapshotFromGit(dir, { kind: "commit", rev: against.slice(0, 12) }));
  const local =
    context.declared === "environment" &&
    (context.madeHere === undefined || context.madeHere.has(sha));
  const agent = local
    ? env.agent
    : trailerValues(trailers, contributorTrailers.agent)[0]?.trim() || null;
  const judgement = await judgeAgainstParent({
    repo,
    parentGovernance: judgedBy,
    ownGovernance,
    governanceBeforeRemoval: () =>
      against && rules.inForce === null
        ? governanceBeforeRemoval(dir, against)
        : Promise.resolve(null),
    changes,
    merge: parents.length > 1,
    resolved: resolveCommitIntent(
      trailerValues(trailers, intentTrailer),
      local ? env.intent : undefined,
    ),
    agent,
    agentMade: agentMade(trailers, local ? env.agentProcess : null),
    // What a commit's own rules change is, from its parent (a merge's: from the rules in force).
    ...(parents.length === 1 ? { firstParentRules: rules.parent } : {}),
    deferWithoutIntent: false,
    explainPending: context.explainPending,
  });
  if (judgement.kind === "ungoverned") return { commit: sha, diff, kind: "ungoverned" };
  const declared = local ? env.intent?.trim() : undefined;
  // The trailer hooks add none to a change of the rules alone (nor to a merge of one, which
  // authors nothing): there its absence is no hook that did not run.
  const needsTrailer =
    judgement.verdict.kind !== "governance" && judgement.verdict.kind !== "merge";
  if (declared && needsTrailer && trailerValues(trailers, intentTrailer).length === 0) {
    judgement.verdict.notes.push({ kind: "trailer-missing", declared });
  }
  const after = rules.inForce === null ? ownGovernance : rules.after;
  const repairing = judgement.verdict.notes.some((note) => note.kind === "repairing-governance");
  const signedUnder = repairing
    ? {
        verdict: judgement.verdict,
        governance: (await rules.lastReadable()) ?? judgement.governance,
      }
    : judgement;
  const signature = await governanceSignatureDue(repo, sha, signedUnder, after);
  return { commit: sha, diff, ...judgement, ...(signature ? { signature } : {}) };
}

/** A merge's authored changes, with the rules files it changes the rules in force through. */
function withRulesFiles(changes: readonly FileChange[], own: GovernanceSnapshot): FileChange[] {
  const present = new Set(changes.map((change) => change.path));
  const added = [intentsFilePath, ...(own.policy === null ? [] : [policyFilePath])]
    .filter((path) => !present.has(path))
    .map(
      (path): FileChange => ({
        operation: "modify",
        path,
        oldPath: null,
        oldMode: null,
        newMode: null,
        oldBlob: null,
        newBlob: null,
      }),
    );
  return [...changes, ...added];
}
