import type { RangeFindingFact, TraceProblem } from "../../core/check/range-check.js";
import { intentsFilePath } from "../../core/governance/governance-files.js";
import type { IntentConflict, IntentSource } from "../../core/intent/intent-request.js";
import type {
  FindingFact,
  RepeatedAdoption,
  SignatureFact,
} from "../../core/judge/finding-fact.js";
import type { Finding } from "../../core/judge/verdict.js";
import { traceIssueText } from "../trace/trace-issue-text.js";

/**
 * The one catalogue of what findings say: each fact the judge returns (core/judge/finding-fact.ts)
 * as the sentence every report prints — the verdict's text and JSON, range reports, the hooks'
 * refusals, agents' answers.
 */
export function findingText(finding: Pick<Finding, "fact">): string {
  return factText(finding.fact);
}

export function factText(fact: FindingFact): string {
  switch (fact.kind) {
    case "intent-unknown":
      if (fact.intent.trim() === "") {
        return `${describeSource(fact.source)} names no intent (it is empty): name one of ${intentsFilePath} as committed`;
      }
      return `intent ${fact.intent} (from ${describeSource(fact.source)}) does not exist in ${intentsFilePath} as committed${fact.guess ? `; did you mean ${fact.guess}?` : ""}`;
    case "intent-conflict":
      return `conflicting intents: ${conflictText(fact.conflict)}`;
    case "intent-required": {
      if (fact.needing === null) return "the commit declares no intent";
      const { paths, protects } = fact.needing;
      const policy = `policy paths.require_intent${protects ? " and paths.protected" : ""}`;
      return `the commit declares no intent, and ${counted(paths, "path")} ${paths === 1 ? "needs" : "need"} one (${policy})`;
    }
    case "intent-status":
      return `intent ${fact.intent} (${fact.name}) is ${fact.status}; only an IN_PROGRESS intent authorises commits`;
    case "assigned-agent":
      return `intent ${fact.intent} is assigned to agent ${fact.assigned}, and this commit comes from agent ${fact.agent}`;
    case "outside-scope": {
      const forbidden = fact.forbidden
        ? ` (${counted(fact.forbidden, "path")} forbidden by forbidden_scope)`
        : "";
      return `${counted(fact.paths, "path")} outside the scope of ${fact.intent} (${fact.name})${forbidden}`;
    }
    case "protected-through-broad":
      return `${counted(fact.paths, "protected path")} (policy paths.protected) ${fact.paths === 1 ? "is" : "are"} in the scope of ${fact.intent} (${fact.name}) only through the broad ${fact.broad.length === 1 ? "pattern" : "patterns"} ${fact.broad.join(", ")}`;
    case "governance-not-isolated":
      return `a governance change (${fact.rulesPaths.join(", ")}) must touch nothing else, and this one also touches ${counted(fact.others, "other path")}`;
    case "agent-changes-rules":
      return `an agent (${fact.agent}, by ${fact.declaredBy}) changes the rules (${fact.rulesPaths.join(", ")}): the rules that bind agents change by a person's commit; an agent may only add grant requests`;
    case "intents-file-removed":
      return `the change removes ${intentsFilePath} (or renames it): the intents may be changed, never removed, or every later commit would escape the gate`;
    case "governance-left-invalid":
      return `the governance the change leaves behind is invalid, and the next commit would be judged by it:\n${fact.problems}`;
    case "rules-conflict":
      return `this rules change was made on older rules: ${fact.file} ${fact.field} was changed differently in the rules in force on ${fact.target} since, so it cannot be carried into them`;
    case "rules-base-unreadable":
      return `this rules change was made on rules that cannot be read, which are not the rules in force on ${fact.target}, so what it changes cannot be told`;
    case "rules-diverged":
      return `the rules at ${short(fact.tip)} differ from the rules in force after this landing (${fact.file} ${fact.field}): a merge or rebase dropped or altered a rules change, or the tip keeps rules older than ${fact.target}'s`;
    case "rules-left-behind":
      return `the landing ends on ${short(fact.tip)}, whose tree has no ${intentsFilePath}, while rules were in force: the branch would leave intentguard's rules behind`;
    case "tip-rules-unreadable":
      return `the rules at ${short(fact.tip)}, where the landing ends, cannot be read (not one YAML document, a duplicate key, a bad alias): every commit after it would be refused, and nothing could be judged by them`;
    case "adoption-repeated":
      return `this commit adopts intentguard with rules of its own, ${repeatedWhy(fact.reason)}: adoption happens once`;
    default:
      return signatureText(fact);
  }
}

/**
 * A range finding's words, on one line: a range report prints each finding on the line it belongs
 * to (a verdict's finding may hold a parse error's problems, one per line).
 */
export function rangeFactText(fact: RangeFindingFact, command: string): string {
  switch (fact.kind) {
    case "judged": {
      const words = oneLine(factText(fact.fact));
      return fact.path === null ? words : `${words}: ${fact.path}`;
    }
    case "rules-unreadable":
      return `the rules this commit is judged by cannot be read: ${oneLine(fact.error)}`;
    case "trace-missing":
      return `the commit has no trace record (made with hooks off, or its notes were not fetched: ${command} trace fetch)`;
    case "trace-problems":
      return traceProblemsText(fact.problems);
  }
}

/**
 * A multi-line text (a parse error's problems, then its fix) as one line: a report prints each
 * finding on the line it belongs to.
 */
function oneLine(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("; ");
}

/** What each kind of trace problem is about, said before its details. */
const traceProblem: Record<TraceProblem["kind"], string> = {
  untraced: "no trace record can be read for the commit",
  invalid: "the commit's trace record is invalid",
  tampered: "the commit's trace record disagrees with the commit",
  ledger: "the commit's trace record disagrees with this clone's ledger",
};

/** The problems of one finding, each kind's details after what they are about. */
function traceProblemsText(problems: readonly TraceProblem[]): string {
  const kinds = [...new Set(problems.map((problem) => problem.kind))];
  return kinds
    .map((kind) => {
      const details = problems
        .filter((problem) => problem.kind === kind)
        .map((problem) => traceIssueText(problem.detail));
      return `${traceProblem[kind]}: ${details.join("; ")}`;
    })
    .join("; ");
}

const sourceLabel: Record<IntentSource, string> = {
  flag: "--intent",
  env: "INTENTGUARD_INTENT",
  trailer: "the message's Intent: trailer",
  selection: "intentguard select",
};

/** Where an intent was declared, as a finding and a verdict name it. */
export function describeSource(source: IntentSource): string {
  return sourceLabel[source];
}

function conflictText(conflict: IntentConflict): string {
  switch (conflict.kind) {
    case "several-trailers":
      return `the message declares ${conflict.intents.length} intents (Intent: ${conflict.intents.join(", ")}); a commit serves exactly one`;
    case "trailer-contradicts":
      return `${describeSource(conflict.source)} says ${conflict.declared} but the message's Intent: trailer says ${conflict.trailer}`;
  }
}

const lead = "a change to the rules must be signed by an approver";

function signatureText(fact: SignatureFact): string {
  const key = "key" in fact && fact.key ? ` ${fact.key}` : "";
  const why = "detail" in fact && fact.detail ? ` (git: ${fact.detail})` : "";
  switch (fact.kind) {
    case "signature-missing":
      return fact.allowedSignersUnset
        ? `${lead}, and git found no signature it could check: gpg.ssh.allowedSignersFile is not configured here, so git cannot check an SSH signature`
        : `${lead}, and this commit is not signed`;
    case "signing-key-unknown":
      return fact.format === "ssh"
        ? `${lead}, and the key this commit is signed with (SSH${key}) is not in the allowed signers file (gpg.ssh.allowedSignersFile), so git cannot tell whose it is`
        : `${lead}, and the key this commit is signed with (GPG${key}${fact.signer ? `, ${fact.signer}` : ""}) is not trusted in the keyring, so git cannot tell whose it is`;
    case "signature-uncheckable":
      return `${lead}, and git cannot check this commit's signature${key ? ` (key${key})` : ""}${why}`;
    case "signature-bad":
      return `${lead}, and this commit's signature is bad${why}`;
    case "signature-expired":
      return `${lead}, and this commit's signature has expired`;
    case "signing-key-expired":
      return `${lead}, and the key this commit is signed with${key} has expired`;
    case "signing-key-revoked":
      return `${lead}, and the key this commit is signed with${key} is revoked`;
    case "signer-unnamed":
      return `${lead}, and git names no signer for this commit's signature`;
    case "signing-key-not-allowed-now":
      return `${lead}, and no entry of the allowed signers file allows the key this commit is signed with (SSH ${fact.key}) for ${fact.signer} now`;
    case "signing-key-outside-window": {
      const [option, happens] =
        fact.window === "expired"
          ? ["valid-before", "expired on"]
          : ["valid-after", "is not valid until"];
      return `${lead}, and the allowed signers entry of the key this commit is signed with (SSH ${fact.key}, ${fact.signer}, line ${fact.line}) ${happens} ${instant(fact.seconds)} (${option}="${fact.written}"): a key must be valid now, whatever date the commit carries`;
    }
    case "signer-not-approver":
      return `${lead} (${fact.approvers.join(", ")}), and this one is signed by ${fact.signer}, who is not one`;
    case "approvals-not-by-signer": {
      const rule = "an approval is recorded by its approver, in a commit they sign";
      const [only] = fact.approvals;
      return fact.approvals.length === 1
        ? `the approval of ${only.intent}'s grant ${only.grant} is by ${only.by}, but the commit adding it is signed by ${fact.signer}: ${rule}`
        : `${fact.approvals.length} approvals this commit adds are not by its signer, ${fact.signer}: ${fact.approvals
            .map((approval) => `${approval.intent}'s grant ${approval.grant} by ${approval.by}`)
            .join(", ")}; ${rule}`;
    }
  }
}

function repeatedWhy(reason: RepeatedAdoption): string {
  switch (reason.kind) {
    case "governed-elsewhere":
      return `but rules are already in force${reason.ref ? ` on ${reason.ref}` : " in this repository"}`;
    case "several":
      return `and so do ${reason.count - 1} other commit(s) of the same landing`;
    case "several-in-push":
      return `and so do ${reason.others.length} other commit(s) of the same push (${reason.others.map(short).join(", ")})`;
  }
}

/** "1 path", "2 paths": the count as findings have always printed it (no thousands separator). */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** A commit as findings name it: its first 12 hex digits. */
function short(commit: string): string {
  return commit.slice(0, 12);
}

/** Seconds since the epoch as ISO 8601 UTC, to the second. */
function instant(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}
