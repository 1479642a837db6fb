import type { LintFinding, LintReport } from "../../core/lint/lint-finding.js";
import { plural } from "../text/count.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";

const list = (items: readonly string[]) => items.map((item) => `"${printable(item)}"`).join(", ");

/** What a finding says, the same in the text and the JSON. */
export function lintFindingMessage(finding: LintFinding, command: string): string {
  const intent = finding.intent === null ? "" : printable(finding.intent);
  switch (finding.code) {
    case "invalid":
      return `${finding.field ? `${finding.field}: ` : ""}${printable(finding.problem)}`;
    case "duplicate_id":
      return `${intent} is defined twice (first at line ${finding.first_line ?? "?"}); IDs must be unique, and the file does not load until one is renamed or removed`;
    case "pattern_matches_nothing": {
      const where =
        finding.grant === null ? finding.field : `extended_scope grant ${finding.grant}`;
      return `${intent}'s ${where} pattern "${printable(finding.pattern)}" matches no tracked file (a typo, or files still to be added?)`;
    }
    case "scope_overlap": {
      const [agent, otherAgent] = finding.agents.map(printable);
      const shared: string[] = [];
      if (finding.patterns.length > 0) {
        const noun = finding.patterns.length === 1 ? "pattern" : "patterns";
        shared.push(`the same ${noun} ${list(finding.patterns)}`);
      }
      if (finding.file_count > 0) {
        const more = finding.file_count - finding.files.length;
        shared.push(
          `${plural(finding.file_count, "tracked file")} admitted by both (${finding.files.map(printable).join(", ")}${more > 0 ? `, ${more} more` : ""})`,
        );
      }
      return `${intent} (agent ${agent}) and ${printable(finding.other_intent)} (agent ${otherAgent}) are both IN_PROGRESS and their scopes overlap: ${shared.join("; ")}. Two agents may then change the same files: narrow one scope (forbidden_scope), or assign both to one agent`;
    }
    case "grant_not_approved": {
      const rejected = finding.rejected_by ? `; ${printable(finding.rejected_by)} rejected it` : "";
      return `extended_scope grant ${finding.grant} of ${intent} (${list(finding.paths)}) is not approved${rejected}, so it admits nothing: ${command} scope approve ${intent} --grant ${finding.grant}`;
    }
    case "grant_stale":
      return `extended_scope grant ${finding.grant} of ${intent} (${list(finding.paths)}) has a stale approval: ${printable(finding.approved_by)} signed other paths (the grant was edited after the approval), so it admits nothing. Approve it again: ${command} scope approve ${intent} --grant ${finding.grant}`;
    case "grant_approver_not_allowed":
      return `extended_scope grant ${finding.grant} of ${intent} (${list(finding.paths)}) was approved by ${printable(finding.approved_by)}, who is not one of the policy's approvers (${finding.approvers.map(printable).join(", ")}), so it admits nothing. Have one of them approve it: ${command} scope approve ${intent} --grant ${finding.grant}`;
    case "selection_inactive": {
      const state =
        finding.status === null
          ? "the intents file has no such intent"
          : `it is ${finding.status} in the intents file`;
      return `${intent} is selected in the work tree ${printable(finding.work_tree)}, but ${state}: commits there will be refused. There, select an IN_PROGRESS intent (${command} select <ID>) or clear it (${command} select --clear)`;
    }
    case "selection_unreadable":
      return `the intent selection of the work tree ${printable(finding.work_tree)} cannot be read: ${printable(finding.problem)}`;
  }
}

function counts(report: LintReport): { errors: number; warnings: number } {
  const errors = report.findings.filter((finding) => finding.level === "error").length;
  return { errors, warnings: report.findings.length - errors };
}

/**
 * `intent lint`: one line per finding, `file:line:column: level: message [code]` (as compilers
 * print them, so editors jump to it), then the totals, naming the file checked.
 */
export function formatIntentLint(report: LintReport, style: Style, command: string): string {
  const lines = report.findings.map((finding) => {
    const where = [finding.file, finding.line, finding.column].filter((part) => part !== null);
    const level = finding.level === "error" ? style.red("error") : style.yellow("warn");
    return `${where.join(":")}: ${level}: ${lintFindingMessage(finding, command)} ${style.dim(`[${finding.code}]`)}`;
  });
  const { errors, warnings } = counts(report);
  const checked = `the working copy's ${report.file} (${plural(report.intents, "intent")})`;
  lines.push(
    report.findings.length === 0
      ? style.green(`intentguard intent lint: no problems in ${checked}`)
      : `intentguard intent lint: ${plural(errors, "error")}, ${plural(warnings, "warning")} in ${checked}`,
  );
  return `${lines.join("\n")}\n`;
}

/** `intent lint --format json`: versioned; every finding with its message and its details. */
export function intentLintJson(report: LintReport, command: string): string {
  const { errors, warnings } = counts(report);
  const findings = report.findings.map((finding) => {
    const { level, code, file, line, column, intent, ...details } = finding;
    return {
      level,
      code,
      file,
      line,
      column,
      intent,
      message: lintFindingMessage(finding, command),
      ...details,
    };
  });
  return `${JSON.stringify(
    {
      version: 1,
      file: report.file,
      source: "working copy",
      intents: report.intents,
      outcome: errors > 0 ? "failed" : "passed",
      errors,
      warnings,
      findings,
    },
    null,
    2,
  )}\n`;
}
