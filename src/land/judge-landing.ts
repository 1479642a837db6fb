import type { Clock } from "../core/clock.js";
import type { FileChange } from "../core/commit/file-change.js";
import type { Governance } from "../core/governance/governance.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import type { SignatureTime } from "../core/judge/governance-signature.js";
import {
  adoptionRepeatedFinding,
  brokenBaseFinding,
  divergedFinding,
  rulesConflictFinding,
  rulesLeftFinding,
  unreadableTipFinding,
} from "../core/judge/landing-findings.js";
import type { Finding } from "../core/judge/verdict.js";
import type { LandingGraph } from "../core/land/landing-graph.js";
import {
  firstDifference,
  mergeRules,
  type RulesData,
  rulesEqual,
} from "../core/land/rules-merge.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { ConfigError } from "../errors.js";
import { type PendingSignature, settleSignatures } from "../gate/governance-signatures.js";
import { governanceBeforeRemoval, once } from "../gate/governance-sources.js";
import { CatFileSession } from "../git/cat-file-batch.js";
import { type DiffDetail, diffCommit, diffCommitsInBatches } from "../git/diff-commit.js";
import { mergeBase } from "../git/history-bounds.js";
import {
  type BroughtCommits,
  commitsBrought,
  commitsToJudge,
  commitsTouchingRules,
  rulesHistory,
} from "../git/landing-history.js";
import { noteObjectNames } from "../git/notes.js";
import { type BlobDigest, digestInto } from "../git/read-blobs.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import { lastCommitTouching } from "../git/revisions.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import type { GovernanceSnapshot } from "../governance/governance-snapshot.js";
import {
  type CommitContext,
  type CommitJudgement,
  judgeLandedCommit,
  type RulesForCommit,
} from "./judge-commit.js";
import { prefetchMergeTrees } from "./merge-authored.js";
import { type RulesChange, RulesInForce } from "./rules-in-force.js";
import { type RulesAt, RulesReader } from "./rules-reader.js";

/** Whether a landing may adopt intentguard, and if not, where rules are already in force. */
export interface AdoptionCheck {
  allowed: boolean;
  governedRef: string | null;
}

/**
 * Commits landing on a target: a branch moving (a local ref update, a push), or a range checked
 * as if it landed (CI). The rules in force start at the target's tip before it (`start`), never
 * at anything the commits choose.
 */
export interface Landing {
  /** How messages name where the commits land: a branch, `origin/main`, a short SHA. */
  target: string;
  /** The target's tip before the landing; null where there was none (nothing in force). */
  start: string | null;
  newTip: string;
  /** Revisions whose history the landing does not bring either (besides `start`). */
  alsoExcluded?: readonly string[];
  /**
   * Revisions (or ref patterns such as `--remotes`) whose history is not judged again: commits
   * already judged where they are. Their rules changes still change the rules in force.
   */
  exempt?: readonly string[];
  /** `tip`: the new tip becomes the target's tip. `merge`: it is proposed for a merge into it. */
  result: "tip" | "merge";
  /** Asked only when commits of the landing adopt intentguard (the adopting commits). */
  adoption: (adoptions: readonly string[]) => Promise<AdoptionCheck>;
  /** A result without rules where rules were in force: refused (`error`) or warned about. */
  leavingRules: "error" | "warn";
  /** The commits to judge, oldest first, when the caller has listed them already. */
  judged?: readonly string[];
}

/** A commit of a landing as judged; `unreadable` when the rules it is judged by cannot be read. */
export type LandedCommit =
  | CommitJudgement
  | { commit: string; diff: CommitDiff; kind: "unreadable"; error: ConfigError };

export interface LandingOptions extends CommitContext {
  /**
   * How much of each diff to read: `patch` to trace the commits (their blobs' SHA-256 and their
   * notes are read too, through the same cat-file), `raw` to judge them only.
   */
  detail: DiffDetail;
  /** Judged commits are handed over at most this many at a time: a range's memory is bounded. */
  batchSize: number;
  /** Receives each batch of judged commits, and (detail `patch`) the SHA-256 of their blobs. */
  onJudged: (
    batch: readonly LandedCommit[],
    digests: ReadonlyMap<string, BlobDigest | null>,
  ) => void | Promise<void>;
  onProgress?: (done: number, total: number) => void;
  /** How messages name a commit whose rules are read ("HEAD" for the parent of a new commit). */
  label?: (commit: string) => string;
  /**
   * When a rules commit's signing key must be valid: now (default: the commits land), or at its
   * committer date (an audit of history).
   */
  signaturesAt?: SignatureTime;
  /** What "now" is for signatures checked now. */
  clock: Clock;
}

/** A finding about the landing as a whole, about one of its commits. */
export interface LandingFinding {
  commit: string;
  finding: Finding;
}

export interface LandingOutcome {
  /** Findings about the landing (its tip's rules, its adoptions), not in any verdict. */
  findings: LandingFinding[];
  /** Commits judged; brought by a history that never had rules (not judged one by one); exempt. */
  counts: { judged: number; ungoverned: number; exempt: number };
  /** The signature findings added to verdicts already handed over, by commit. */
  signatureFindings: Map<string, Finding[]>;
}

/**
 * Judges a landing: every commit it brings (but the exempt), each under the rules in force for
 * it — the target's rules at `start`, plus the rules changes of the landing that apply to it
 * (rules-in-force.ts) — and then the landing as a whole: its tip must hold exactly the rules in
 * force after it, a rules change must carry into them, and adoption happens once. The same
 * function for the hooks, `check --range`/`--ci` and pre-receive.
 *
 * It streams: one `git rev-list` for the commits, one for those touching the rules, one
 * `git diff-tree --stdin` read a batch at a time, and one `git cat-file --batch` for every rules
 * file it reads. A chain of commits from the start (the usual commit, rebase or push) needs no
 * merging of rules at all: each commit's rules in force are its parent's.
 */
export async function judgeLanding(
  options: LandingOptions,
  landing: Landing,
): Promise<LandingOutcome> {
  const session = new CatFileSession(options.repo.root);
  try {
    return await new LandingJudge(options, landing, new RulesReader(session, options.label)).run();
  } finally {
    await session.close().catch(() => {});
  }
}

/** How the commits of a landing find their rules. */
interface RulesPlan {
  /** Null: the commit's history never had rules — not judged one by one. */
  rulesFor(diff: CommitDiff): Promise<RulesForCommit | null | ConfigError>;
  /** Which commits will not be judged one by one (their history never had rules). */
  ungoverned: ReadonlySet<string>;
  /** The rules changes that cannot be carried into the rules in force. */
  problems: RulesInForce["problems"];
  /** The rules in force after the landing, when they had to be merged (else null: the tip's). */
  final(): Promise<RulesData | null>;
  /** Whether a commit of the landing changes the rules (else the start's stay in force). */
  changesRules: boolean;
}

const noRules: GovernanceSnapshot = {
  location: { kind: "commit", rev: "(no parent)" },
  commit: null,
  intents: null,
  policy: null,
  contentKey: "git-none-none",
};

class LandingJudge {
  private readonly dir: string;
  private readonly unsettled: PendingSignature[] = [];
  private readonly adoptions: string[] = [];
  private readonly findings: LandingFinding[] = [];
  private judgedCount = 0;
  /** A judged commit was refused for the rules it leaves (a removal says so itself). */
  private rulesRefused = false;

  constructor(
    private readonly options: LandingOptions,
    private readonly landing: Landing,
    private readonly rules: RulesReader,
  ) {
    this.dir = options.repo.root;
  }

  async run(): Promise<LandingOutcome> {
    const { landing } = this;
    const excluded = [...(landing.start ? [landing.start] : []), ...(landing.alsoExcluded ?? [])];
    const exempt = landing.exempt ?? [];
    const single = await this.singleCommit();
    if (single) return single;
    // What the landing brings and which of it to judge, asked at once.
    const [brought, toList] = await Promise.all([
      commitsBrought(this.dir, landing.newTip, excluded),
      landing.judged === undefined && exempt.length > 0
        ? commitsToJudge(this.dir, landing.newTip, excluded, exempt)
        : undefined,
    ]);
    const listed = landing.judged ?? toList ?? brought.order;
    const plan = isChain(brought, landing.start)
      ? this.chainPlan(brought.order.length === 0)
      : await this.fullPlan(brought, excluded);
    const toJudge = listed.filter((commit) => !plan.ungoverned.has(commit));
    const merges = toJudge
      .map((sha) => ({ sha, parents: brought.parents.get(sha) ?? [] }))
      .filter(({ parents }) => parents.length === 2);
    this.mergeTrees = prefetchMergeTrees(this.dir, merges);
    await this.judgeAll(toJudge, plan);
    const signatureFindings = await this.settle();
    await this.adoptionFindings();
    await this.tipFindings(plan);
    return {
      findings: this.findings,
      counts: {
        judged: this.judgedCount,
        ungoverned: listed.length - toJudge.length,
        exempt: brought.order.length - listed.length,
      },
      signatureFindings,
    };
  }

  /**
   * The usual landing — one new commit on the target's tip (a commit, a one-commit pick): its
   * diff, blobs and parent's rules read side by side, judged by its parent's rules, which are
   * the rules in force. Null when the landing is anything else.
   */
  private async singleCommit(): Promise<LandingOutcome | null> {
    const { landing } = this;
    const [only] = landing.judged ?? [];
    if (only === undefined || landing.judged?.length !== 1 || landing.start === null) return null;
    let read: Promise<Map<string, BlobDigest | null>> | undefined;
    let onStart = false;
    const diff = await diffCommit(this.dir, only, (changes, parents) => {
      onStart = parents.length === 1 && parents[0] === landing.start;
      if (!onStart) return;
      // Its rules and blobs stream in beside the patch, through the landing's one cat-file.
      this.rules.at(landing.start as string).catch(() => {});
      read = this.digestsOf(changes);
      read.catch(() => {}); // awaited below
    });
    if (!onStart || diff.commit.sha !== landing.newTip) {
      this.preread = diff;
      return null;
    }
    const plan = this.chainPlan(false);
    await this.judgeBatch([diff], plan, (await read) ?? new Map());
    const signatureFindings = await this.settle();
    await this.adoptionFindings();
    return {
      findings: this.findings,
      counts: { judged: this.judgedCount, ungoverned: 0, exempt: 0 },
      signatureFindings,
    };
  }

  /** git's own merges of the landing's merges, started ahead (prefetchMergeTrees). */
  private mergeTrees = new Map<string, Promise<string | null>>();

  /** A diff the single-commit probe read already, not to be read twice. */
  private preread: CommitDiff | null = null;

  /**
   * A chain from the start: each commit's rules in force are exactly its first parent's, and the
   * tip's are the rules in force after it. `empty`: the landing brings no commit (a branch moved
   * back): then the rules in force stay the start's, which the tip must hold.
   */
  private chainPlan(empty: boolean): RulesPlan {
    return {
      ungoverned: new Set(),
      problems: new Map(),
      // Each commit's rules in force are its first parent's: the tip says what they became.
      changesRules: false,
      final: async () => {
        const start = empty ? await this.startRules() : null;
        if (start === null || start instanceof ConfigError) return null;
        const { parseRules } = await import("../core/land/rules-text.js");
        return parseRules(start);
      },
      rulesFor: async (diff) => {
        const [parent] = diff.commit.parents;
        const at = parent === undefined ? null : await this.rules.at(parent);
        if (at instanceof ConfigError) return at;
        const own = () => this.ownRules(diff.commit.sha);
        return {
          inForce: at?.intents != null ? at : null,
          parent: async () => at,
          after: own,
          wholeTree: false,
          lastReadable: this.lastReadable,
        };
      },
    };
  }

  /**
   * Any other landing (merges, a branch forked before the target's tip, a rewritten history):
   * the landing's rules changes, carried into the rules in force commit by commit.
   */
  private async fullPlan(brought: BroughtCommits, excluded: readonly string[]): Promise<RulesPlan> {
    const { landing } = this;
    const inLanding = (commit: string) => brought.parents.has(commit);
    const parentsOf = (commit: string) => brought.parents.get(commit) ?? [];
    const touching = await commitsTouchingRules(this.dir, landing.newTip, excluded);
    const boundary = new Set<string>();
    for (const commit of brought.order) {
      for (const parent of parentsOf(commit)) if (!inLanding(parent)) boundary.add(parent);
    }
    const firstParents = [...touching].flatMap((commit) => parentsOf(commit).slice(0, 1));
    await this.rules.readAll([
      ...(landing.start ? [landing.start] : []),
      ...touching,
      ...firstParents,
      ...boundary,
    ]);
    const present = async (commit: string) => hasIntents(await this.rules.at(commit));
    // Whether each commit holds rules, and whether its history ever did: rules appear and go only
    // at commits that touch them, so the others take their first parent's answer.
    const holds = new Map<string, boolean>();
    const had = new Map<string, boolean>();
    for (const parent of boundary) {
      const here = await present(parent);
      holds.set(parent, here);
      had.set(
        parent,
        here || (await lastCommitTouching(this.dir, parent, intentsFilePath)) !== null,
      );
    }
    for (const commit of brought.order) {
      const [first] = parentsOf(commit);
      const here = touching.has(commit)
        ? await present(commit)
        : first !== undefined && (holds.get(first) ?? false);
      holds.set(commit, here);
      had.set(commit, here || parentsOf(commit).some((parent) => had.get(parent) ?? false));
    }
    const changes = new Map<string, RulesChange>();
    const authored = new Set<string>();
    for (const commit of brought.order) {
      if (!touching.has(commit)) continue;
      const own = await this.rules.at(commit);
      // Rules it leaves that cannot be read refuse the commit itself (governance_invalid).
      if (own instanceof ConfigError) continue;
      const change = await this.ownChange(own, parentsOf(commit));
      if (change === null) continue;
      changes.set(commit, change);
      if (parentsOf(commit).length > 1) authored.add(commit);
    }
    const start = await this.startRules();
    if (start instanceof ConfigError) {
      return {
        ungoverned: new Set(),
        problems: new Map(),
        changesRules: false,
        final: async () => null,
        rulesFor: async () => start,
      };
    }
    const graph: LandingGraph = {
      parents: brought.parents,
      newTip: landing.newTip,
      oldTip: landing.start,
    };
    const inForce = new RulesInForce(graph, start, changes);
    // Carrying every change once up front finds the ones that conflict, so each such commit's
    // verdict says so when it is judged, whichever commit of the landing comes first.
    if (changes.size > 0) await inForce.final();
    const ungoverned = new Set(brought.order.filter((commit) => !had.get(commit)));
    return {
      ungoverned,
      problems: inForce.problems,
      changesRules: changes.size > 0,
      final: async () => (await inForce.final()).rules,
      rulesFor: async (diff) => {
        const { sha, parents } = diff.commit;
        const before = await inForce.before(sha);
        const [first] = parents;
        return {
          inForce: before,
          parent: async () => {
            const at = first === undefined ? null : await this.rules.at(first);
            return at instanceof ConfigError ? null : at;
          },
          after: () => inForce.after(sha),
          // A commit that puts rules on a history that never had any, where rules are in force,
          // is no adoption: it brings that history, and authors all of it.
          wholeTree: before !== null && parents.every((parent) => !had.get(parent)),
          authorsRules: authored.has(sha),
          lastReadable: this.lastReadable,
          holdsRules: (commit) => holds.get(commit),
          mergeTree: (commit) => this.mergeTrees.get(commit),
        };
      },
    };
  }

  /**
   * The newest rules of the start's first-parent history that compile: what was in force before
   * the rules broke (read only when a commit repairs broken rules).
   */
  private readonly lastReadable = once(async (): Promise<Governance | null> => {
    const { start } = this.landing;
    if (start === null) return null;
    for (const commit of [start, ...(await rulesHistory(this.dir, start, 50))]) {
      const at = await this.rules.at(commit);
      if (at instanceof ConfigError) continue;
      const governance = await compileSnapshot(at, this.options.repo.stateDir).catch(() => null);
      if (governance) return governance;
    }
    return null;
  });

  /**
   * What a rules commit of the landing changed the rules from, or null when it changed nothing:
   * for a commit, its first parent's rules; for a merge, the three-way merge of its parents'
   * rules as data — so a merge whose rules are not what its parents' changes combine to (a
   * resolution, an edit, or git's merge of the text saying something else than the changes did:
   * an alias, a duplicate key) authors a rules change, judged as one.
   */
  private async ownChange(
    own: GovernanceSnapshot,
    parents: readonly string[],
  ): Promise<RulesChange | null> {
    const [first, ...others] = parents;
    const base = first === undefined ? noRules : await this.rules.at(first);
    if (others.length === 0) {
      if (!(base instanceof ConfigError) && base.contentKey === own.contentKey) return null;
      return { own, base: base instanceof ConfigError ? null : base };
    }
    const { parseRules } = await import("../core/land/rules-text.js");
    const [ownRules, combined] = await Promise.all([
      parseRules(own),
      this.combinedRules(first as string, others),
    ]);
    if (ownRules !== null && combined !== null && rulesEqual(ownRules, combined)) return null;
    return { own, base: combined ?? (base instanceof ConfigError ? null : base) };
  }

  /** The three-way merge of a merge's parents' rules (null: they conflict, or cannot be read). */
  private async combinedRules(first: string, others: readonly string[]): Promise<RulesData | null> {
    const { parseRules } = await import("../core/land/rules-text.js");
    const read = async (commit: string) => {
      const at = await this.rules.at(commit);
      return at instanceof ConfigError ? null : parseRules(at);
    };
    let combined = await read(first);
    for (const other of others) {
      const fork = await mergeBase(this.dir, first, other);
      const [base, theirs] = await Promise.all([
        fork === null ? { intents: undefined, policy: undefined } : read(fork),
        read(other),
      ]);
      if (combined === null || base === null || theirs === null) return null;
      const merged = mergeRules(base, combined, theirs);
      if (!merged.ok) return null;
      combined = merged.rules;
    }
    return combined;
  }

  /**
   * The rules in force at the start: its rules, or — where the intents file was removed (with
   * the hooks off) — the rules before the removal; null where nothing is in force.
   */
  private async startRules(): Promise<GovernanceSnapshot | ConfigError | null> {
    const { start } = this.landing;
    if (start === null) return null;
    const at = await this.rules.at(start);
    if (at instanceof ConfigError || at.intents !== null) return at;
    return (await governanceBeforeRemoval(this.dir, start))?.snapshot ?? null;
  }

  /** The notes the commits already carry, to be traced (detail `patch` only). */
  private async notesOf(diffs: readonly CommitDiff[]): Promise<Map<string, string>> {
    const notes = new Map<string, string>();
    if (this.options.detail !== "patch") return notes;
    const names = new Map(
      diffs.flatMap((diff) =>
        noteObjectNames(diff.commit.sha).map((name) => [name, diff.commit.sha]),
      ),
    );
    const objects = new Map<string, GitObject | null>();
    await this.rules.session.read([...names.keys()], (name, object) =>
      collectInto(objects, name, object),
    );
    for (const [name, object] of objects) {
      const commit = names.get(name);
      if (object?.type === "blob" && commit) notes.set(commit, object.content.toString("utf8"));
    }
    return notes;
  }

  /** The SHA-256 of the blobs of `changes`, for their records (detail `patch` only). */
  private async digestsOf(changes: readonly FileChange[]): Promise<Map<string, BlobDigest | null>> {
    const digests = new Map<string, BlobDigest | null>();
    if (this.options.detail !== "patch") return digests;
    const oids = [...new Set(changes.flatMap(blobIds))];
    await this.rules.session.read(oids, digestInto(digests));
    return digests;
  }

  private async ownRules(commit: string): Promise<GovernanceSnapshot | null> {
    const at = await this.rules.at(commit);
    return at instanceof ConfigError ? null : at;
  }

  private async judgeAll(commits: readonly string[], plan: RulesPlan): Promise<void> {
    const preread = this.preread;
    const rest = preread ? commits.filter((commit) => commit !== preread.commit.sha) : commits;
    const total = commits.length;
    if (preread && commits.includes(preread.commit.sha)) {
      await this.judgeBatch([preread], plan, await this.digestsOf(preread.changes));
    }
    await diffCommitsInBatches(
      this.dir,
      rest,
      this.options.batchSize,
      async (diffs) => {
        const digests = await this.digestsOf(diffs.flatMap((diff) => diff.changes));
        await this.judgeBatch(diffs, plan, digests);
        this.options.onProgress?.(this.judgedCount, total);
      },
      this.options.detail,
    );
  }

  private async judgeBatch(
    diffs: readonly CommitDiff[],
    plan: RulesPlan,
    digests: ReadonlyMap<string, BlobDigest | null>,
  ): Promise<void> {
    const batch: LandedCommit[] = [];
    const notes = await this.notesOf(diffs);
    for (const diff of diffs) {
      const rules = await plan.rulesFor(diff);
      this.rules.carry(diff);
      if (rules === null) continue;
      const sha = diff.commit.sha;
      if (rules instanceof ConfigError) {
        batch.push({ commit: sha, diff, kind: "unreadable", error: rules });
        continue;
      }
      let judged: CommitJudgement;
      try {
        judged = await judgeLandedCommit(this.options, diff, rules);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        batch.push({ commit: sha, diff, kind: "unreadable", error });
        continue;
      }
      if (judged.kind === "judged") {
        const problem = plan.problems.get(sha);
        if (problem) {
          judged.verdict.findings.push(
            problem.kind === "conflict"
              ? rulesConflictFinding(problem.conflict, this.landing.target)
              : brokenBaseFinding(this.landing.target),
          );
          judged.verdict.outcome = "blocked";
        }
        if (judged.signature) {
          this.unsettled.push({ verdict: judged.verdict, due: judged.signature });
        }
        if (judged.verdict.kind === "adoption") this.adoptions.push(sha);
        const note = notes.get(sha);
        if (note !== undefined) judged.note = note;
        if (judged.verdict.findings.some((finding) => finding.rule === "governance_invalid")) {
          this.rulesRefused = true;
        }
      }
      batch.push(judged);
    }
    this.judgedCount += diffs.length;
    await this.options.onJudged(batch, digests);
  }

  /** Checks the signatures of the governance commits that need one, all with one git process. */
  private settle(): Promise<Map<string, Finding[]>> {
    return settleSignatures(
      this.options.repo,
      this.options.clock,
      this.unsettled,
      this.options.signaturesAt,
    );
  }

  /** Adoption happens once, and only where no rules are in force anywhere. */
  private async adoptionFindings(): Promise<void> {
    if (this.adoptions.length === 0) return;
    const check = await this.landing.adoption(this.adoptions);
    const finding = check.allowed
      ? this.adoptions.length > 1
        ? adoptionRepeatedFinding({ kind: "several", count: this.adoptions.length })
        : null
      : adoptionRepeatedFinding({ kind: "governed-elsewhere", ref: check.governedRef });
    if (!finding) return;
    for (const commit of this.adoptions) this.findings.push({ commit, finding });
  }

  /**
   * What the landing leaves: rules where rules were in force, and exactly the rules in force
   * after it. A merge or rebase that dropped or altered a rules change, or a tip that keeps rules
   * older than the target's, is refused here.
   */
  private async tipFindings(plan: RulesPlan): Promise<void> {
    const { landing } = this;
    const start = await this.startRules();
    if (start === null || start instanceof ConfigError) return;
    const tipAt = await this.rules.at(landing.newTip);
    const tipKeepsStart = !(tipAt instanceof ConfigError) && tipAt.contentKey === start.contentKey;
    // A landing that changes no rules and leaves them as they were (the usual rebase, push or
    // merge) parses nothing: the rules in force are the start's, which the tip holds.
    if (tipKeepsStart && !plan.changesRules) return;
    const final = await plan.final();
    if (final === null && tipKeepsStart) return;
    const result = await this.resultRules(start);
    if (result === null) return;
    const tip = landing.newTip;
    if (result === "unreadable") {
      // Rules that cannot be read leave the next commit nothing to be judged by.
      if (this.rulesRefused) return;
      this.findings.push({ commit: tip, finding: unreadableTipFinding(tip) });
      return;
    }
    if (result.intents === undefined) {
      if (this.rulesRefused) return;
      this.findings.push({ commit: tip, finding: rulesLeftFinding(tip, landing.leavingRules) });
      return;
    }
    if (final === null || final.intents === undefined) return;
    const difference = firstDifference(final, result);
    if (difference) {
      this.findings.push({
        commit: tip,
        finding: divergedFinding(tip, difference, landing.target),
      });
    }
  }

  /**
   * The rules the target holds after the landing: the new tip's, or for a proposed merge, the
   * three-way merge of them into the target's; `unreadable` when the tip's cannot be read; null
   * when the merge conflicts (said here) or the fork's rules cannot be read (nothing to compare).
   */
  private async resultRules(start: GovernanceSnapshot): Promise<RulesData | "unreadable" | null> {
    const { landing } = this;
    const { parseRules } = await import("../core/land/rules-text.js");
    const tip = await this.rules.at(landing.newTip);
    const tipRules = tip instanceof ConfigError ? null : await parseRules(tip);
    if (tipRules === null) return "unreadable";
    if (landing.result === "tip" || landing.start === null) return tipRules;
    const fork = await mergeBase(this.dir, landing.start, landing.newTip);
    if (fork === null || fork === landing.start) return tipRules;
    const base = await this.rules.at(fork);
    if (base instanceof ConfigError) return null;
    const [baseRules, startRules] = await Promise.all([parseRules(base), parseRules(start)]);
    if (baseRules === null || startRules === null) return null;
    const merged = mergeRules(baseRules, startRules, tipRules);
    if (merged.ok) return merged.rules;
    this.findings.push({
      commit: landing.newTip,
      finding: rulesConflictFinding(merged.conflict, landing.target),
    });
    return null;
  }
}

/** Whether the landing is a chain from its start: each commit's one parent is the one before. */
function isChain(brought: BroughtCommits, start: string | null): boolean {
  let previous: string | null = start;
  for (const commit of brought.order) {
    const parents = brought.parents.get(commit) ?? [];
    if (parents.length !== (previous === null ? 0 : 1)) return false;
    if (previous !== null && parents[0] !== previous) return false;
    previous = commit;
  }
  return true;
}

function hasIntents(at: RulesAt): boolean {
  // Unreadable rules are still rules: a history with them was governed.
  return at instanceof ConfigError || at.intents !== null;
}

/** The blobs a change's record hashes (a submodule's commit is not a blob here). */
function blobIds(change: FileChange): string[] {
  const ids: string[] = [];
  if (change.oldBlob && change.oldMode !== "160000") ids.push(change.oldBlob);
  if (change.newBlob && change.newMode !== "160000") ids.push(change.newBlob);
  return ids;
}
