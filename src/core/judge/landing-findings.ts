import { intentsFilePath, policyFilePath } from "../governance/governance-files.js";
import type { RulesConflict } from "../land/rules-merge.js";
import type { RepeatedAdoption } from "./finding-fact.js";
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
    fact: { kind: "rules-conflict", file, field: conflict.field, target },
    paths: [file],
    advice: [{ kind: "rebase-rules-change", onto: target }],
  };
}

/** A rules change made on rules that cannot be read, other than the broken rules in force. */
export function brokenBaseFinding(target: string): Finding {
  return {
    rule: "governance_conflict",
    severity: "error",
    fact: { kind: "rules-base-unreadable", target },
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
    fact: { kind: "rules-diverged", tip, file, field: difference.field, target },
    paths: [file],
    advice: [{ kind: "restore-rules-in-force", onto: target }],
  };
}

/** The landing's tip has no intents file, where rules were in force. */
export function rulesLeftFinding(tip: string, severity: "error" | "warn"): Finding {
  return {
    rule: "governance_invalid",
    severity,
    fact: { kind: "rules-left-behind", tip },
    paths: [intentsFilePath],
    advice: [{ kind: "restore-intents-file" }],
  };
}

/** The landing's tip has rules that cannot be read (a clean merge of two texts can leave them). */
export function unreadableTipFinding(tip: string): Finding {
  return {
    rule: "governance_invalid",
    severity: "error",
    fact: { kind: "tip-rules-unreadable", tip },
    paths: [intentsFilePath],
    advice: [{ kind: "fix-governance" }],
  };
}

export function adoptionRepeatedFinding(reason: RepeatedAdoption): Finding {
  return {
    rule: "adoption_repeated",
    severity: "error",
    fact: { kind: "adoption-repeated", reason },
    paths: [intentsFilePath],
    advice: [
      { kind: "adopt-once", governedRef: reason.kind === "governed-elsewhere" ? reason.ref : null },
    ],
  };
}
