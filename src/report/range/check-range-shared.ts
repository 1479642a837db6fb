import {
  type CheckRule,
  type CommitOutcome,
  type RangeCheck,
  type RangeFinding,
  rangeCheckFails,
} from "../../core/check/range-check.js";
import { count, plural, skippedBeforeAdoption } from "../text/count.js";
import { rangeFindingText } from "../verdict/finding-with-fix.js";

/** How many hex digits of a SHA the reports show: as `git log --abbrev=12` would. */
const shortLength = 12;

export function shortCommit(commit: string): string {
  return commit.slice(0, shortLength);
}

/**
 * How a commit fared in the range, as every report counts it: a commit the judge allowed but
 * whose trace record fails an error-severity check is blocked too, so the counts and the exit
 * code always agree (`rangeCheckFails`).
 *
 * One vocabulary across the reports: text and the GitHub summary say "allowed", "blocked" and
 * "not judged" ({@link statusWords}); JSON's commit `outcome` says `allowed`, `blocked`, `error`;
 * JUnit counts a blocked commit as a failure and one not judged as an error. A range fails when
 * any commit is blocked or not judged ("failed" in the headline, JSON's `outcome: "failed"`).
 */
export type CommitStatus = "allowed" | "blocked" | "error";

/** The words text and Markdown reports use for each status. */
export const statusWords: Record<CommitStatus, string> = {
  allowed: "allowed",
  blocked: "blocked",
  error: "not judged",
};

/**
 * What a report shows for a commit a finding names that is not one of the commits checked (none
 * should be): not "not judged", which is the status of a checked commit that could not be judged.
 */
export const unlistedCommitLabel = "(not among the commits checked)";

/** One commit the reports speak of: every commit checked, then any other commit a finding names. */
export interface ReportedCommit {
  commit: string;
  /** The commit's subject; null for a commit a finding names that was not checked. */
  subject: string | null;
  status: CommitStatus;
  findings: RangeFinding[];
}

/**
 * The commits a report lists, oldest first, each with its findings. A finding about a commit that
 * was not checked (none should be, but a report never drops a finding) gets an entry of its own
 * after the checked commits, in the order the findings name them.
 */
export function reportedCommits(check: RangeCheck): ReportedCommit[] {
  const byCommit = new Map<string, RangeFinding[]>();
  for (const finding of check.findings) {
    const list = byCommit.get(finding.commit);
    if (list) list.push(finding);
    else byCommit.set(finding.commit, [finding]);
  }
  const checked = new Set(check.commits.map((entry) => entry.commit));
  const reported: ReportedCommit[] = check.commits.map((entry) => {
    const findings = byCommit.get(entry.commit) ?? [];
    return {
      commit: entry.commit,
      subject: entry.subject,
      status: statusOf(entry.outcome, findings),
      findings,
    };
  });
  for (const [commit, findings] of byCommit) {
    if (!checked.has(commit))
      reported.push({ commit, subject: null, status: statusOf("allowed", findings), findings });
  }
  return reported;
}

function statusOf(outcome: CommitOutcome, findings: readonly RangeFinding[]): CommitStatus {
  if (outcome !== "allowed") return outcome;
  return findings.some((finding) => finding.severity === "error") ? "blocked" : "allowed";
}

export interface RangeCounts {
  /** Commits checked: allowed + blocked + notJudged. */
  commits: number;
  allowed: number;
  blocked: number;
  /** Commits checked that could not be judged (status `error`). */
  notJudged: number;
  /** Findings of severity error, and of severity warn. */
  errors: number;
  warnings: number;
}

/** The counts every report states: of the commits checked (findings: all of them). */
export function rangeCounts(check: RangeCheck): RangeCounts {
  const checked = new Set(check.commits.map((entry) => entry.commit));
  const counts: RangeCounts = {
    commits: check.commits.length,
    allowed: 0,
    blocked: 0,
    notJudged: 0,
    errors: 0,
    warnings: 0,
  };
  for (const entry of reportedCommits(check)) {
    if (!checked.has(entry.commit)) continue;
    if (entry.status === "error") counts.notJudged += 1;
    else counts[entry.status] += 1;
  }
  for (const finding of check.findings) {
    if (finding.severity === "error") counts.errors += 1;
    else counts.warnings += 1;
  }
  return counts;
}

/**
 * A finding's message and where it is, for a report that shows the location beside the message:
 * `showText` renders repository text (the message), `showPath` a path. A verdict's message ends
 * with its path (`…: <path>`): that path is rendered with `showPath` too, then only the line
 * follows; any other path comes after the message with its line, `(<path>, line <n>)`.
 */
export function findingText(
  finding: RangeFinding,
  showText: (text: string) => string,
  showPath: (path: string) => string,
  command: string,
): string {
  const { path, line } = finding;
  const message = rangeFindingText(finding, command);
  const at = line === null ? "" : `line ${line}`;
  if (path !== null && path !== "" && message.endsWith(path)) {
    const said = `${showText(message.slice(0, -path.length))}${showPath(path)}`;
    return at ? `${said} (${at})` : said;
  }
  const where = path === null ? at : `${showPath(path)}${at ? `, ${at}` : ""}`;
  return where ? `${showText(message)} (${where})` : showText(message);
}

/**
 * The headline every human-facing report opens with, without its mark (✓ or ✗), the range
 * written as the caller renders it (escaped for a terminal, as code in Markdown). A failing range
 * says how many of its commits failed and why, in the summary's words:
 * "2 of 6 commits in <spec> failed (1 blocked, 1 not judged)".
 */
export function rangeHeadline(check: RangeCheck, spec: string): { fails: boolean; text: string } {
  const counts = rangeCounts(check);
  if (!rangeCheckFails(check)) {
    const text =
      counts.commits === 0
        ? `intentguard: no commits in ${spec} to judge`
        : `intentguard: ${plural(counts.commits, "commit")} in ${spec} ${statusWords.allowed}`;
    return { fails: false, text };
  }
  const failing = counts.blocked + counts.notJudged;
  // It fails only through findings about commits it did not check: say so rather than "0 of N".
  if (failing === 0)
    return { fails: true, text: `intentguard: ${plural(counts.errors, "error")} in ${spec}` };
  const why = [
    counts.blocked > 0 ? `${count(counts.blocked)} ${statusWords.blocked}` : "",
    counts.notJudged > 0 ? `${count(counts.notJudged)} ${statusWords.error}` : "",
  ].filter((part) => part !== "");
  return {
    fails: true,
    text: `intentguard: ${count(failing)} of ${plural(counts.commits, "commit")} in ${spec} failed (${why.join(", ")})`,
  };
}

/**
 * The summary line the text and GitHub reports share, in the headline's words: the commits
 * checked and how each fared, what was skipped, the findings, and whether the traces were
 * checked — "6 commits: 4 allowed, 1 blocked, 1 not judged; 2 commits before adoption skipped; …".
 * An audit that checked SSH signatures at their commits' committer dates (not now) says so last.
 */
export function rangeSummary(check: RangeCheck): string {
  const counts = rangeCounts(check);
  const commits = `${plural(counts.commits, "commit")}: ${count(counts.allowed)} ${statusWords.allowed}, ${count(counts.blocked)} ${statusWords.blocked}, ${count(counts.notJudged)} ${statusWords.error}`;
  const skipped = skippedBeforeAdoption(check.skipped.before_adoption);
  const findings = `${plural(counts.errors, "error")}, ${plural(counts.warnings, "warning")}`;
  const traces = check.traces_checked ? "traces checked" : "traces not checked";
  const dated = check.commits.filter((entry) =>
    entry.verdict?.notes.some((note) => note.kind === "signature-at-committer-date"),
  ).length;
  const signatures =
    dated === 0
      ? ""
      : `; ${plural(dated, "SSH signature")} checked at ${dated === 1 ? "its commit's committer date" : "their commits' committer dates"} (git's check; as commits land, keys are checked now)`;
  return `${commits}; ${skipped}; ${findings}; ${traces}${signatures}`;
}

/**
 * What each rule checks, in one sentence, and the docs page section that explains it: SARIF's rule
 * descriptors carry them. A Record over every rule, so a new rule cannot ship without its words.
 */
export const ruleDescriptions: Record<CheckRule, { text: string; section: string }> = {
  intent_required: {
    text: "A commit declares the intent it serves.",
    section: "concepts.md#the-policy",
  },
  intent_status: {
    text: "Only an IN_PROGRESS intent authorises commits.",
    section: "concepts.md#the-policy",
  },
  scope: {
    text: "Every path a commit touches is in its intent's effective scope.",
    section: "concepts.md#the-policy",
  },
  governance_isolation: {
    text: "A commit that changes the intents or the policy changes nothing else.",
    section: "concepts.md#the-policy",
  },
  assigned_agent: {
    text: "An intent's assigned_agent, when set, is the only agent that may commit to it.",
    section: "concepts.md#the-policy",
  },
  agent_governance: {
    text: "A commit an agent makes changes no rules, but to add grant requests.",
    section: "trust-model.md#agents-cannot-change-the-rules",
  },
  intent_unknown: {
    text: "The intent a commit declares exists in its parent's intents.",
    section: "concepts.md#which-intent-a-commit-serves",
  },
  intent_conflict: {
    text: "A commit declares one intent, and nothing contradicts it.",
    section: "concepts.md#which-intent-a-commit-serves",
  },
  governance_invalid: {
    text: "A change to the governance leaves valid governance behind.",
    section: "concepts.md#where-the-rules-come-from",
  },
  governance_signature: {
    text: "Where the policy requires it (governance.require_signed_by_approver), a change to the rules is signed by an approver, verified by git, and every approval it adds is the signer's.",
    section: "trust-model.md#authentic-governance-signed-rule-changes",
  },
  governance_unreadable: {
    text: "The rules in force for a commit can be read, so the commit can be judged.",
    section: "concepts.md#the-rules-in-force",
  },
  governance_conflict: {
    text: "A rules change carries into the rules in force on the target: nothing changed the same rule differently since it was made.",
    section: "concepts.md#the-rules-in-force",
  },
  governance_diverged: {
    text: "A landing leaves exactly the rules in force on its tip: no merge or rebase drops or alters a rules change, and no tip keeps older rules.",
    section: "concepts.md#the-rules-in-force",
  },
  adoption_repeated: {
    text: "intentguard is adopted once: no commit adopts it where rules are already in force, and no landing adopts twice.",
    section: "concepts.md#the-rules-in-force",
  },
  trace_missing: {
    text: "Every commit after adoption has a trace record.",
    section: "trust-model.md#what-verify-proves",
  },
  trace_invalid: {
    text: "A commit's trace record is valid against the record schema.",
    section: "trust-model.md#what-verify-proves",
  },
  trace_tampered: {
    text: "A commit's trace record agrees with a fresh recomputation from the commit.",
    section: "trust-model.md#what-verify-proves",
  },
};
