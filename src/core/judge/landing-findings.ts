import { intentsFilePath, policyFilePath } from "../governance-files.js";
import type { RulesConflict } from "../land/rules-merge.js";
import type { Finding, FixedRule } from "./verdict.js";

/**
 * Findings about a landing as a whole — its rules changes carried into the rules in force, the
 * rules its tip leaves, its adoptions — each about one commit of it. Pure, like the judge.
 */

/**
 * The rules only a landing as a whole breaks. Their fix (rebase onto the target, bring it in
 * again, adopt once) is taken the same way wherever the landing is judged, so every report says
 * it — a range, CI and pre-receive too, even where the finding sits in a commit's verdict (a
 * rules change that cannot carry). The judge's own advice speaks of a work tree (what to stage,
 * which intent to select) and stays the hooks'.
 */
export const landingRules: ReadonlySet<Finding["rule"]> = new Set<FixedRule>([
  "governance_conflict",
  "governance_diverged",
  "adoption_repeated",
]);

const fileOf = (conflict: RulesConflict) =>
  conflict.file === "intents" ? intentsFilePath : policyFilePath;

/** A rules change that changes what the rules in force already changed, differently. */
export function rulesConflictFinding(conflict: RulesConflict, target: string): Finding {
  const file = fileOf(conflict);
  return {
    rule: "governance_conflict",
    severity: "error",
    message: `this rules change was made on older rules: ${file} ${conflict.field} was changed differently in the rules in force on ${target} since, so it cannot be carried into them`,
    paths: [file],
    advice: [{ kind: "rebase-rules-change", onto: target }],
  };
}

/** A rules change made on rules that cannot be read, other than the broken rules in force. */
export function brokenBaseFinding(target: string): Finding {
  return {
    rule: "governance_conflict",
    severity: "error",
    message: `this rules change was made on rules that cannot be read, which are not the rules in force on ${target}, so what it changes cannot be told`,
    paths: [intentsFilePath],
    advice: [{ kind: "rebase-rules-change", onto: target }],
  };
}

/** The landing's tip holds other rules than the rules in force after it. */
export function divergedFinding(
  tip: string,
  difference: { file: "intents" | "policy"; field: string },
  target: string,
): Finding {
  const file = fileOf({ file: difference.file, field: difference.field });
  return {
    rule: "governance_diverged",
    severity: "error",
    message: `the rules at ${tip.slice(0, 12)} differ from the rules in force after this landing (${file} ${difference.field}): a merge or rebase dropped or altered a rules change, or the tip keeps rules older than ${target}'s`,
    paths: [file],
    advice: [{ kind: "restore-rules-in-force", onto: target }],
  };
}

/** The landing's tip has no intents file, where rules were in force. */
export function rulesLeftFinding(tip: string, severity: "error" | "warn"): Finding {
  return {
    rule: "governance_invalid",
    severity,
    message: `the landing ends on ${tip.slice(0, 12)}, whose tree has no ${intentsFilePath}, while rules were in force: the branch would leave intentguard's rules behind`,
    paths: [intentsFilePath],
    advice: [{ kind: "restore-intents-file" }],
  };
}

/** The landing's tip has rules that cannot be read (a clean merge of two texts can leave them). */
export function unreadableTipFinding(tip: string): Finding {
  return {
    rule: "governance_invalid",
    severity: "error",
    message: `the rules at ${tip.slice(0, 12)}, where the landing ends, cannot be read (not one YAML document, a duplicate key, a bad alias): every commit after it would be refused, and nothing could be judged by them`,
    paths: [intentsFilePath],
    advice: [{ kind: "fix-governance" }],
  };
}

/** Why an adoption is refused. */
export type RepeatedAdoption =
  /** Rules are already in force on another branch (or tag). */
  | { kind: "governed-elsewhere"; ref: string | null }
  /** The landing holds several adoptions. */
  | { kind: "several"; count: number }
  /** Other refs of the same push adopt too, with these other commits (pre-receive). */
  | { kind: "several-in-push"; others: string[] };

export function adoptionRepeatedFinding(reason: RepeatedAdoption): Finding {
  return {
    rule: "adoption_repeated",
    severity: "error",
    message: `this commit adopts intentguard with rules of its own, ${repeatedWhy(reason)}: adoption happens once`,
    paths: [intentsFilePath],
    advice: [
      { kind: "adopt-once", governedRef: reason.kind === "governed-elsewhere" ? reason.ref : null },
    ],
  };
}

function repeatedWhy(reason: RepeatedAdoption): string {
  switch (reason.kind) {
    case "governed-elsewhere":
      return `but rules are already in force${reason.ref ? ` on ${reason.ref}` : " in this repository"}`;
    case "several":
      return `and so do ${reason.count - 1} other commit(s) of the same landing`;
    case "several-in-push":
      return `and so do ${reason.others.length} other commit(s) of the same push (${reason.others.map((commit) => commit.slice(0, 12)).join(", ")})`;
  }
}
