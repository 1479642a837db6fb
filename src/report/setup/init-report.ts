import { intentsFilePath, policyFilePath } from "../../core/governance/governance-files.js";
import { installCommand } from "../../core/install-layout.js";
import { shellQuote } from "../../core/text/shell-quote.js";
import type { FileAction } from "../../install/husky-hook-file.js";

/** The files init created or kept, and what it did to package.json's prepare script. */
export function formatScaffoldReport(
  scaffolded: readonly { file: string; created: boolean }[],
  prepare: FileAction,
): string {
  const lines = ["intentguard init:"];
  for (const { file, created } of scaffolded) {
    lines.push(created ? `  created  ${file}` : `  kept     ${file} (already there)`);
  }
  if (prepare === "added" || prepare === "updated") {
    lines.push(
      `  ${prepare === "added" ? "added   " : "extended"} package.json's prepare script with "${installCommand}": installing the packages (npm ci, npm install, pnpm install, yarn) installs the hooks in every clone`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** What to do next, with the adoption commit spelled out file by file. */
export function formatInitNextSteps(next: {
  adoption: readonly string[];
  /** init ran below the work tree root: the paths are given from the top (`:/`). */
  fromSubdirectory: boolean;
  huskyInactive: boolean;
  /** How to run intentguard here: `npx intentguard` for a project dependency, else `intentguard`. */
  command: string;
}): string {
  const named = (file: string) => shellQuote(next.fromSubdirectory ? `:/${file}` : file);
  const steps: string[] = [];
  if (next.huskyInactive) {
    steps.push(
      `Activate husky in this clone, or no hook runs: npx husky && ${next.command} install`,
    );
  }
  steps.push(
    `Describe your intents and their scopes in ${intentsFilePath} (INT-002 owns the tooling files: keep it or narrow it).`,
  );
  steps.push(
    next.adoption.length > 0
      ? `Commit them and the tooling in one adoption commit: git add -- ${next.adoption.map(named).join(" ")} && git commit -m "Adopt intentguard"`
      : "Nothing is left to commit for the adoption: it is already in the history.",
  );
  steps.push(`Choose what this work tree works on: ${next.command} select INT-001`);
  const lines = [
    next.huskyInactive
      ? "Next (husky is not active here: its hooks, and so intentguard's, do not run yet):"
      : "Next:",
    ...steps.map((step, index) => `  ${index + 1}. ${step}`),
    "Every commit then leaves a trace record in refs/notes/intentguard; the pre-push hook pushes it,",
    "and git fetch and git pull bring teammates' (install added the refspec to each remote).",
    "Agents may not change the rules (policy rules.agent_governance), but who is an agent is what a",
    "commit's trailers and environment declare: without signed rule changes it is a declaration.",
    `To require them, set governance.require_signed_by_approver: true and extended_scope.approvers in ${policyFilePath}.`,
    "",
  ];
  return lines.join("\n");
}
