import { createHash } from "node:crypto";
import {
  type GovernanceOrder,
  governanceOrder,
  type LandingGraph,
} from "../core/land/landing-graph.js";
import {
  canonicalRules,
  mergeRules,
  type RulesConflict,
  type RulesData,
} from "../core/land/rules-merge.js";
import { parseRules, renderRules } from "../core/land/rules-text.js";
import type { GovernanceSnapshot } from "../governance/governance-snapshot.js";

/**
 * A rules change of the landing: its rules, and what it changed them from — its first parent's
 * rules (a snapshot), or for a merge the three-way merge of its parents' rules (as data); null
 * when those cannot be read at all (a directory where the intents file belongs).
 */
export interface RulesChange {
  own: GovernanceSnapshot;
  base: GovernanceSnapshot | RulesData | null;
}

/** Why a rules change could not be carried into the rules in force. */
export type RulesChangeProblem =
  /** It and the rules in force change the same field differently. */
  | { kind: "conflict"; conflict: RulesConflict }
  /** It was made on rules that cannot be read, which are not the rules in force. */
  | { kind: "made-on-broken-rules" };

/** The rules at one point of a landing: as data, or — when they cannot be read — as text. */
type RulesState =
  | { kind: "data"; rules: RulesData; sources: readonly GovernanceSnapshot[] }
  | { kind: "broken"; snapshot: GovernanceSnapshot };

/**
 * The rules in force at each commit of a landing: the rules at the target's tip before it (the
 * start), plus the changes of the landing's rules commits that apply to the commit (see
 * core/land/landing-graph.ts), each carried in three-way — its own change, its first parent's
 * rules to its own, merged into the rules in force — never taking its rules wholesale, so a rules
 * commit forked before a narrowing cannot bring the wider rules back. A change that conflicts is
 * left out and reported on its commit.
 */
export class RulesInForce {
  private readonly order: GovernanceOrder;
  private readonly folded = new Map<string, Promise<RulesState>>();
  private readonly parsed = new Map<string, Promise<RulesData | null>>();
  readonly problems = new Map<string, RulesChangeProblem>();

  constructor(
    graph: LandingGraph,
    private readonly start: GovernanceSnapshot | null,
    private readonly changes: ReadonlyMap<string, RulesChange>,
  ) {
    this.order = governanceOrder(graph, new Set(changes.keys()));
  }

  /** What `commit` is judged by; null when no rules are in force for it. */
  before(commit: string): Promise<GovernanceSnapshot | null> {
    return this.snapshotOf(this.order.applicable(commit), commit);
  }

  /** The rules in force once `commit`, a rules change of the landing, has applied. */
  after(commit: string): Promise<GovernanceSnapshot | null> {
    return this.snapshotOf([...this.order.applicable(commit), commit], commit);
  }

  /** The rules in force once the whole landing has applied, as data (null: they cannot be read). */
  async final(): Promise<{ rules: RulesData | null; snapshot: GovernanceSnapshot | null }> {
    const state = await this.fold(this.order.all);
    const snapshot = await this.snapshotOfState(state, "the landing");
    return { rules: state.kind === "data" ? state.rules : null, snapshot };
  }

  /** Parses a snapshot's rules once per content. */
  rulesOf(snapshot: GovernanceSnapshot): Promise<RulesData | null> {
    let parsed = this.parsed.get(snapshot.contentKey);
    if (!parsed) {
      parsed = parseRules(snapshot);
      this.parsed.set(snapshot.contentKey, parsed);
    }
    return parsed;
  }

  private async snapshotOf(
    commits: readonly string[],
    label: string,
  ): Promise<GovernanceSnapshot | null> {
    if (commits.length === 0) return this.start;
    return this.snapshotOfState(await this.fold(commits), label.slice(0, 12));
  }

  private fold(commits: readonly string[]): Promise<RulesState> {
    const key = commits.join(" ");
    let state = this.folded.get(key);
    if (!state) {
      state = this.foldUncached(commits);
      this.folded.set(key, state);
    }
    return state;
  }

  private async foldUncached(commits: readonly string[]): Promise<RulesState> {
    const start = this.start;
    let state: RulesState;
    if (start === null) {
      state = { kind: "data", rules: { intents: undefined, policy: undefined }, sources: [] };
    } else {
      const rules = await this.rulesOf(start);
      state = rules
        ? { kind: "data", rules, sources: [start] }
        : { kind: "broken", snapshot: start };
    }
    for (const commit of commits) {
      const change = this.changes.get(commit);
      if (change) state = await this.apply(state, commit, change);
    }
    return state;
  }

  private async apply(state: RulesState, commit: string, change: RulesChange): Promise<RulesState> {
    const own = await this.rulesOf(change.own);
    // Rules it leaves that cannot be read refuse the commit itself (governance_invalid).
    if (own === null) return state;
    const base =
      change.base === null
        ? null
        : isSnapshot(change.base)
          ? await this.rulesOf(change.base)
          : change.base;
    if (state.kind === "broken") {
      // Only a change made on exactly the broken rules in force repairs them.
      if (isSnapshot(change.base) && change.base.contentKey === state.snapshot.contentKey) {
        return { kind: "data", rules: own, sources: [change.own] };
      }
      return this.refuse(state, commit, { kind: "made-on-broken-rules" });
    }
    if (base === null) {
      if (canonicalRules(own) === canonicalRules(state.rules)) return state;
      return this.refuse(state, commit, { kind: "made-on-broken-rules" });
    }
    const merged = mergeRules(base, state.rules, own);
    if (!merged.ok)
      return this.refuse(state, commit, { kind: "conflict", conflict: merged.conflict });
    return { kind: "data", rules: merged.rules, sources: [...state.sources, change.own] };
  }

  private refuse(state: RulesState, commit: string, problem: RulesChangeProblem): RulesState {
    if (!this.problems.has(commit)) this.problems.set(commit, problem);
    return state;
  }

  /**
   * The snapshot to judge by: a commit's own files where they say exactly the rules in force (the
   * usual case: messages then name real files and lines), else the merged rules as text.
   */
  private async snapshotOfState(
    state: RulesState,
    label: string,
  ): Promise<GovernanceSnapshot | null> {
    if (state.kind === "broken") return state.snapshot;
    if (state.rules.intents === undefined) return null;
    const wanted = canonicalRules(state.rules);
    for (const source of [...state.sources].reverse()) {
      const rules = await this.rulesOf(source);
      if (rules && canonicalRules(rules) === wanted) return source;
    }
    const text = await renderRules(state.rules);
    return {
      location: { kind: "in-force", rev: label },
      commit: null,
      ...text,
      contentKey: `in-force-${createHash("sha256").update(wanted).digest("hex")}`,
    };
  }
}

function isSnapshot(base: RulesChange["base"]): base is GovernanceSnapshot {
  return base !== null && "contentKey" in base;
}
