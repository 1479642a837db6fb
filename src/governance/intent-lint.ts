import path from "node:path";
import type { Document } from "yaml";
import { z } from "zod";
import type { ConfigProblem } from "../core/config/config-problem.js";
import { defaultPolicy } from "../core/config/default-policy.js";
import { Intent } from "../core/config/intents-schema.js";
import { parseConfig } from "../core/config/parse-config.js";
import { Policy } from "../core/config/policy-schema.js";
import { intentsFilePath, policyFilePath } from "../core/governance/governance-files.js";
import { closedStatuses } from "../core/intent/intent-lifecycle.js";
import { keyPosition } from "../core/lint/key-position.js";
import {
  type LintDraft,
  type LintFinding,
  type LintReport,
  lintLevels,
} from "../core/lint/lint-finding.js";
import { duplicateId } from "../core/lint/rules/duplicate-id.js";
import { grantApproval } from "../core/lint/rules/grant-approval.js";
import { patternMatchesNothing } from "../core/lint/rules/pattern-matches-nothing.js";
import type { LintInput, LintRule, WorkTreeSelection } from "../core/lint/rules/rule.js";
import { scopeOverlap } from "../core/lint/rules/scope-overlap.js";
import { selection } from "../core/lint/rules/selection.js";
import { ExitCode, FailureError, IntentguardError } from "../errors.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { trackedFiles } from "../git/list-files.js";
import type { Repo } from "../git/repo.js";
import { listWorkTrees } from "../git/worktrees.js";
import { readSelection } from "../state/selection.js";

/**
 * The lint rules (src/core/lint/rules/, one per file beside its test), in the order their findings
 * are listed when they fall on the same line. Findings of the file not loading come first.
 */
const lintRules: readonly LintRule[] = [
  duplicateId,
  patternMatchesNothing,
  grantApproval,
  scopeOverlap,
  selection,
];

/**
 * The intents file without the rule against duplicate IDs, which lint reports as findings of
 * their own (with both lines) rather than as a file that does not load.
 */
const IntentsWithoutUniqueIds = z.strictObject({
  active_intents: z.array(Intent, { error: "a list of intents" }),
});

/**
 * Checks the working copy's intents file (what the user edits and the lifecycle commands write):
 * problems that stop it loading, each reported rather than thrown; then every lint rule over
 * what it holds, the policy, the tracked files and every work tree's selection. Closed intents
 * (COMPLETED, ABANDONED) are only checked for what stops the file loading.
 */
export async function lintIntents(repo: Repo): Promise<LintReport> {
  const text = readIfExists(path.join(repo.root, intentsFilePath), "the intents file")?.toString(
    "utf8",
  );
  if (text === undefined) {
    throw new FailureError({ kind: "intents-file-missing", lint: true }, ExitCode.CannotEvaluate);
  }
  const findings: LintFinding[] = [];
  const add = (draft: LintDraft) =>
    findings.push({
      file: intentsFilePath,
      ...draft,
      level: lintLevels[draft.code],
    } as LintFinding);
  const { LineCounter, parseDocument } = await import("yaml");
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });

  const parsed = await parseConfig(intentsFilePath, text, IntentsWithoutUniqueIds);
  if (!parsed.ok) for (const problem of parsed.problems) add(invalid(problem));
  const raw = rawIntents(document);
  const valid = raw.flatMap((item, index) => {
    const result = Intent.safeParse(item);
    return result.success ? [{ intent: result.data, index }] : [];
  });
  const policyProblems: ConfigProblem[] = [];
  const policy = await workingPolicy(repo, (problem) => policyProblems.push(problem));
  const open = valid.filter(({ intent }) => !closedStatuses.includes(intent.status));
  const input: LintInput = {
    raw,
    valid,
    open,
    policy,
    files: open.length > 0 ? await trackedFiles(repo.root, ".", undefined) : [],
    selections: await workTreeSelections(repo),
    at: keyPosition(document, lineCounter),
  };
  const [first, ...rest] = lintRules;
  // The policy's problems after the duplicate IDs, as they were always listed.
  for (const draft of first ? first(input) : []) add(draft);
  for (const problem of policyProblems) add(invalid(problem, policyFilePath));
  for (const rule of rest) for (const draft of rule(input)) add(draft);

  const fileRank = (finding: LintFinding) => (finding.file === intentsFilePath ? 0 : 1);
  findings.sort(
    (a, b) =>
      fileRank(a) - fileRank(b) ||
      (a.line ?? Number.POSITIVE_INFINITY) - (b.line ?? Number.POSITIVE_INFINITY) ||
      (a.column ?? 0) - (b.column ?? 0),
  );
  return { file: intentsFilePath, intents: raw.length, findings };
}

/** What each work tree of the repository selected, or why its selection cannot be read. */
async function workTreeSelections(repo: Repo): Promise<WorkTreeSelection[]> {
  const selections: WorkTreeSelection[] = [];
  for (const tree of await listWorkTrees(repo.root, repo.commonDir)) {
    if (tree.bare || tree.gitDir === null) continue;
    try {
      const selected = readSelection(path.join(tree.gitDir, "intentguard"));
      selections.push({ workTree: tree.path, selected });
    } catch (error) {
      if (!(error instanceof IntentguardError)) throw error;
      selections.push({ workTree: tree.path, unreadable: error.message });
    }
  }
  return selections;
}

function invalid(problem: ConfigProblem, file: string = intentsFilePath): LintDraft {
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
