import path from "node:path";
import type { Document, LineCounter } from "yaml";
import { z } from "zod";
import type { ConfigProblem } from "../core/config/config-problem.js";
import { defaultPolicy } from "../core/config/default-policy.js";
import { Intent, type IntentStatus } from "../core/config/intents-schema.js";
import { parseConfig } from "../core/config/parse-config.js";
import { Policy } from "../core/config/policy-schema.js";
import { intentsFilePath, policyFilePath } from "../core/governance-files.js";
import { closedStatuses } from "../core/intent-lifecycle.js";
import { scopeAdmitter } from "../core/scope/admit-path.js";
import { compilePattern } from "../core/scope/compile-pattern.js";
import { effectiveScope } from "../core/scope/effective-scope.js";
import { foldPath } from "../core/scope/fold-path.js";
import { type PathPredicate, patternMatcher } from "../core/scope/pattern-matcher.js";
import { IntentguardError } from "../errors.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { trackedFiles } from "../git/list-files.js";
import type { Repo } from "../git/repo.js";
import { listWorkTrees } from "../git/worktrees.js";
import { readSelection } from "../state/selection.js";

export type LintLevel = "error" | "warn";

/** Where a finding points: a line and column of its file, or nowhere in particular. */
interface Location {
  level: LintLevel;
  file: string;
  line: number | null;
  column: number | null;
  intent: string | null;
}

export type LintFinding = Location &
  (
    | { code: "invalid"; field: string | null; problem: string }
    | { code: "duplicate_id"; first_line: number | null }
    | {
        code: "pattern_matches_nothing";
        field: "owned_scope" | "forbidden_scope" | "extended_scope";
        /** 1-based, for a grant's path. */
        grant: number | null;
        pattern: string;
      }
    | {
        code: "scope_overlap";
        other_intent: string;
        agents: [string, string];
        patterns: string[];
        /** The first few tracked files both intents admit, and how many there are. */
        files: string[];
        file_count: number;
      }
    | { code: "grant_not_approved"; grant: number; paths: string[]; rejected_by: string | null }
    | { code: "grant_stale"; grant: number; paths: string[]; approved_by: string }
    | {
        code: "grant_approver_not_allowed";
        grant: number;
        paths: string[];
        approved_by: string;
        approvers: string[];
      }
    | { code: "selection_inactive"; work_tree: string; status: IntentStatus | null }
    | { code: "selection_unreadable"; work_tree: string; problem: string }
  );

export type LintCode = LintFinding["code"];

/**
 * How much each finding weighs: an error is a file that does not load (invalid, duplicate IDs),
 * two agents cleared for the same files, or an approval that does not do what it claims (stale,
 * or by someone the policy does not accept); a warning is what is often on purpose or passing
 * (a pattern for files still to come, a grant waiting for its approval, a work tree's selection,
 * which fails closed: its commits are refused).
 */
export const lintLevels: Record<LintCode, LintLevel> = {
  invalid: "error",
  duplicate_id: "error",
  pattern_matches_nothing: "warn",
  scope_overlap: "error",
  grant_not_approved: "warn",
  grant_stale: "error",
  grant_approver_not_allowed: "error",
  selection_inactive: "warn",
  selection_unreadable: "warn",
};

export interface LintReport {
  /** The intents file, repo-relative: always the working copy's. */
  file: string;
  /** How many intents the file lists (valid or not). */
  intents: number;
  findings: LintFinding[];
}

/** How many files of an overlap a finding lists. */
const overlapFilesShown = 5;

/**
 * The intents file without the rule against duplicate IDs, which lint reports as findings of
 * their own (with both lines) rather than as a file that does not load.
 */
const IntentsWithoutUniqueIds = z.strictObject({
  active_intents: z.array(Intent, { error: "a list of intents" }),
});

type Distribute<T> = T extends unknown ? Omit<T, "level" | "file"> : never;
type Draft = Distribute<LintFinding> & { file?: string };

/**
 * Checks the working copy's intents file (what the user edits and the lifecycle commands write):
 * problems that stop it loading, each reported rather than thrown; duplicate IDs; patterns that
 * match no tracked file; overlapping scopes of IN_PROGRESS intents assigned to different agents;
 * grants whose approval is missing, stale or not by an allowed approver; and, in every work tree
 * of the repository, a selected intent that no longer authorises commits. Closed intents
 * (COMPLETED, ABANDONED) are only checked for what stops the file loading.
 */
export async function lintIntents(repo: Repo): Promise<LintReport> {
  const text = readIfExists(path.join(repo.root, intentsFilePath), "the intents file")?.toString(
    "utf8",
  );
  if (text === undefined) {
    throw new IntentguardError(
      `There is no ${intentsFilePath} in this work tree: nothing to lint. Run intentguard init to create one.`,
    );
  }
  const findings: LintFinding[] = [];
  const add = (draft: Draft) =>
    findings.push({
      file: intentsFilePath,
      ...draft,
      level: lintLevels[draft.code],
    } as LintFinding);
  const { LineCounter, parseDocument } = await import("yaml");
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (keys: readonly (string | number)[]) => position(document, lineCounter, keys);

  const parsed = await parseConfig(intentsFilePath, text, IntentsWithoutUniqueIds);
  if (!parsed.ok) for (const problem of parsed.problems) add(invalid(problem));
  const raw = rawIntents(document);
  const valid = raw.flatMap((item, index) => {
    const result = Intent.safeParse(item);
    return result.success ? [{ intent: result.data, index }] : [];
  });

  const firstIndex = new Map<string, number>();
  raw.forEach((item, index) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id !== "string") return;
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, index);
      return;
    }
    add({
      code: "duplicate_id",
      intent: id,
      ...at(["active_intents", index, "id"]),
      first_line: at(["active_intents", first, "id"]).line,
    });
  });

  const policy = await workingPolicy(repo, (problem) => add(invalid(problem, policyFilePath)));
  const open = valid.filter(({ intent }) => !closedStatuses.includes(intent.status));
  const files = open.length > 0 ? await trackedFiles(repo.root, ".", undefined) : [];

  for (const { intent, index } of open) {
    const unmatched = (
      field: "owned_scope" | "forbidden_scope",
      patterns: readonly string[],
      folded: boolean,
    ) => {
      patterns.forEach((pattern, position) => {
        if (matchesAny(pattern, files, folded)) return;
        add({
          code: "pattern_matches_nothing",
          intent: intent.id,
          ...at(["active_intents", index, field, position]),
          field,
          grant: null,
          pattern,
        });
      });
    };
    unmatched("owned_scope", intent.owned_scope, false);
    unmatched("forbidden_scope", intent.forbidden_scope, true);
    intent.extended_scope.forEach((grant, number) => {
      grant.paths.forEach((pattern, position) => {
        if (matchesAny(pattern, files, false)) return;
        add({
          code: "pattern_matches_nothing",
          intent: intent.id,
          ...at(["active_intents", index, "extended_scope", number, "paths", position]),
          field: "extended_scope",
          grant: number + 1,
          pattern,
        });
      });
    });
  }

  for (const { intent, index } of open) {
    for (const state of effectiveScope(intent, policy).grants) {
      const grant = intent.extended_scope[state.grant];
      const where = {
        intent: intent.id,
        ...at(["active_intents", index, "extended_scope", state.grant]),
        grant: state.grant + 1,
        paths: state.paths,
      };
      const by = grant?.approval?.by ?? "";
      if (state.reason === "not approved") {
        const rejected = grant?.review?.decision === "REJECTED" ? grant.review.by : null;
        add({ code: "grant_not_approved", ...where, rejected_by: rejected });
      } else if (state.reason === "signature mismatch") {
        add({ code: "grant_stale", ...where, approved_by: by });
      } else if (state.reason === "approver not allowed") {
        add({
          code: "grant_approver_not_allowed",
          ...where,
          approved_by: by,
          approvers: policy.extended_scope.approvers,
        });
      }
    }
  }

  const working = valid.filter(
    ({ intent }) => intent.status === "IN_PROGRESS" && intent.assigned_agent !== undefined,
  );
  const scopes = working.map(({ intent }) => {
    const scope = effectiveScope(intent, policy);
    const admit = scopeAdmitter(scope);
    return {
      patterns: new Set(scope.allow.map((allow) => allow.pattern)),
      files: new Set(files.filter((file) => admit(file).admitted)),
    };
  });
  working.forEach((later, b) => {
    for (let a = 0; a < b; a++) {
      const earlier = working[a];
      const [first, second] = [scopes[a], scopes[b]];
      if (!earlier || !first || !second) continue;
      const [agentA, agentB] = [
        earlier.intent.assigned_agent ?? "",
        later.intent.assigned_agent ?? "",
      ];
      if (agentA === agentB) continue;
      const patterns = [...second.patterns].filter((pattern) => first.patterns.has(pattern));
      const both = [...second.files].filter((file) => first.files.has(file));
      if (patterns.length === 0 && both.length === 0) continue;
      add({
        code: "scope_overlap",
        intent: later.intent.id,
        ...at(["active_intents", later.index, "id"]),
        other_intent: earlier.intent.id,
        agents: [agentB, agentA],
        patterns,
        files: both.slice(0, overlapFilesShown),
        file_count: both.length,
      });
    }
  });

  const byId = new Map<string, { status: IntentStatus; index: number }>();
  for (const { intent, index } of valid) {
    if (!byId.has(intent.id)) byId.set(intent.id, { status: intent.status, index });
  }
  for (const tree of await listWorkTrees(repo.root, repo.commonDir)) {
    if (tree.bare || tree.gitDir === null) continue;
    let selected: string | undefined;
    try {
      selected = readSelection(path.join(tree.gitDir, "intentguard"));
    } catch (error) {
      if (!(error instanceof IntentguardError)) throw error;
      add({
        code: "selection_unreadable",
        intent: null,
        line: null,
        column: null,
        work_tree: tree.path,
        problem: error.message,
      });
      continue;
    }
    if (selected === undefined) continue;
    const known = byId.get(selected);
    if (known?.status === "IN_PROGRESS") continue;
    // An intent the file lists but that does not validate is reported as invalid already.
    if (!known && firstIndex.has(selected)) continue;
    add({
      code: "selection_inactive",
      intent: selected,
      ...(known ? at(["active_intents", known.index, "id"]) : { line: null, column: null }),
      work_tree: tree.path,
      status: known?.status ?? null,
    });
  }

  const fileRank = (finding: LintFinding) => (finding.file === intentsFilePath ? 0 : 1);
  findings.sort(
    (a, b) =>
      fileRank(a) - fileRank(b) ||
      (a.line ?? Number.POSITIVE_INFINITY) - (b.line ?? Number.POSITIVE_INFINITY) ||
      (a.column ?? 0) - (b.column ?? 0),
  );
  return { file: intentsFilePath, intents: raw.length, findings };
}

function invalid(problem: ConfigProblem, file: string = intentsFilePath): Draft {
  return {
    code: "invalid",
    file,
    intent: null,
    line: problem.line ?? null,
    column: problem.column ?? null,
    field: problem.field ?? null,
    problem: problem.message,
  };
}

/** The items of `active_intents` as plain data, whatever their shape; none when unreadable. */
function rawIntents(document: Document): unknown[] {
  if (document.errors.length > 0) return [];
  try {
    const data = document.toJS({ maxAliasCount: 100 }) as { active_intents?: unknown } | null;
    return Array.isArray(data?.active_intents) ? data.active_intents : [];
  } catch {
    return []; // an alias without an anchor: reported by parseConfig
  }
}

function position(
  document: Document,
  lineCounter: LineCounter,
  keys: readonly (string | number)[],
): { line: number | null; column: number | null } {
  const node = document.getIn(keys, true) as { range?: [number, number, number] } | undefined;
  if (!node?.range) return { line: null, column: null };
  const { line, col } = lineCounter.linePos(node.range[0]);
  return { line, column: col };
}

/**
 * The working copy's policy, which decides which approvals count; the built-in default when
 * there is none, or when it does not load (its problems are reported through `report`).
 */
async function workingPolicy(
  repo: Repo,
  report: (problem: ConfigProblem) => void,
): Promise<Policy> {
  const text = readIfExists(path.join(repo.root, policyFilePath), "the policy file")?.toString(
    "utf8",
  );
  if (text === undefined) return defaultPolicy;
  const parsed = await parseConfig(policyFilePath, text, Policy);
  if (parsed.ok) return parsed.value;
  for (const problem of parsed.problems) report(problem);
  return defaultPolicy;
}

/**
 * Whether a pattern admits any of the tracked files; a forbidden pattern in any spelling the
 * scope's deny folding treats as the same file.
 */
function matchesAny(pattern: string, files: readonly string[], folded: boolean): boolean {
  const matches: PathPredicate = patternMatcher(compilePattern(pattern));
  if (files.some(matches)) return true;
  if (!folded) return false;
  const foldedMatches = patternMatcher(compilePattern(foldPath(pattern)));
  return files.some((file) => foldedMatches(foldPath(file)));
}
