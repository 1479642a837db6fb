import type { AgentDecision, HookAnswer, PayloadProblem } from "../../core/agent/agent-event.js";
import type { AgentHookResult, AgentOutcome, WriteDenial } from "../../core/agent/agent-outcome.js";
import type { GateSwitch } from "../../core/agent/gate-switches.js";
import type { ProtectedKind } from "../../core/agent/protected-paths.js";
import { type NamedPath, readerVerbs } from "../../core/agent/tool-paths.js";
import type { IntentContext } from "../../core/intent/intent-context.js";
import { formatIntentContext } from "../intent/intent-context.js";
import { plainStyle } from "../text/style.js";
import { afterToolText } from "./after-tool-findings.js";
import { formatVerdictText } from "./verdict-text.js";

const readerVerbList = [...readerVerbs].join(", ");

/**
 * What an agent's hook tells the model, in one catalogue: each names the path, why it is refused
 * and the next step the model can take itself. They are read by a model, not a terminal: plain
 * text, no colour.
 */
const say = {
  unreadable: (agent: string, problem: PayloadProblem) =>
    `intentguard: this ${agent} hook payload could not be read (${payloadProblemText(agent, problem)}), so the tool call is denied: nothing is written unchecked. If the agent's hook format changed, update intentguard; to go on without it, a person removes the hook (intentguard agent uninstall).`,
  noPath: (tool: string) =>
    `intentguard: the ${tool} call names no file intentguard can read, so it is denied: every write is judged against the selected intent before it happens. Write through a tool that names its file.`,
  outside: (file: string, root: string) =>
    `intentguard: ${file} is outside this repository (${root}), so writing it is denied: an agent works only inside the work tree whose intent it serves.`,
  unresolvable: (file: string) =>
    `intentguard: ${file} goes through a symlink whose target does not exist, so where the write would land cannot be judged and it is denied. Write to the target's own path.`,
  hardLinked: (file: string) =>
    `intentguard: ${file} has more than one name (a hard link), so a write to it changes files intentguard cannot see, and it is denied. A person removes the extra link (or copies the file) first.`,
  gitDirectory: (file: string) =>
    `intentguard: ${file} is inside git's own directory, so writing it is denied: git's hooks and configuration are not part of any intent. Use git commands.`,
  protected: (file: string, kind: ProtectedKind, command: string) =>
    kind === "rules"
      ? `intentguard: ${file} holds the rules that bind this agent (or intentguard's record of them), so no agent writes it: a rules change is made by a person. To ask for more scope, run: ${command} scope request <ID> <path…> --why "…" (a person approves it).`
      : `intentguard: ${file} configures the hooks that gate this agent (its own or another agent's, or git's), so no agent writes it: an agent cannot switch its own gate off. A person changes it (intentguard agent install / uninstall).`,
  blocked: (verdictText: string) =>
    `intentguard: this write is denied before it happens, as a commit of it would be refused:\n${verdictText.trimEnd()}`,
  unknownTool: (tool: string, named: readonly NamedPath[]) =>
    `${tool} is judged as a tool that writes: no agent's own list knows it, and its name does not start with a verb that only reads (${readerVerbList}). It names ${named.map((one) => `${one.path} (in ${one.field || "its input"})`).join(", ")}. If it writes no file, a person lists it under agents.readers in policies/intentguard.yaml.`,
  gateSwitch: (switches: readonly GateSwitch[]) =>
    `intentguard: this shell command is denied before it runs: it would switch off the gate that judges this agent's work (${switches.map(gateSwitchText).join("; ")}). An agent does not switch its own gate off. If a hook or a refusal stands in your way, stop and ask the person you work for: they decide, and only their own commands may skip the hooks. git's own commands stay allowed (git commit, git update-ref, git config --get): they are judged as they land.`,
  failed: (why: string, command: string) =>
    `intentguard: the write could not be judged (${why}), so it is denied: nothing is written unchecked. Run ${command} doctor in the repository to see what is wrong.`,
  sessionContext: (
    context: IntentContext | null,
    selectable: readonly string[],
    root: string,
    command: string,
  ) =>
    context
      ? `intentguard governs this repository (${root}): every file you write is judged before the write against the intent selected here, and out-of-scope writes are denied. The selected intent:\n${formatIntentContext(context, plainStyle)}To write outside this scope, ask: ${command} scope request ${context.id} <path…> --why "…" (a person approves it). Never edit .orchestration/active_intents.yaml, policies/intentguard.yaml or any agent's hook configuration.`
      : `intentguard governs this repository (${root}), and no intent is selected in this work tree, so every file write will be denied. Ask a person to select one (${command} select <ID>)${selectable.length ? `: ${selectable.join(", ")}` : ""}.`,
};

/**
 * The agent hook's answer, in the agent's own dialect, to what was decided; `command` is how
 * intentguard runs here, for the commands the answer names.
 */
export function agentHookAnswer(
  { dialect, event, outcome }: AgentHookResult,
  command: string,
): HookAnswer {
  return dialect.answer(event, agentDecision(outcome, command));
}

function agentDecision(outcome: AgentOutcome, command: string): AgentDecision {
  switch (outcome.kind) {
    case "allow":
      return outcome;
    case "deny": {
      const denied = denialText(outcome.denial, command);
      const { unknownTool } = outcome;
      return {
        kind: "deny",
        message: unknownTool
          ? `${denied}\n${say.unknownTool(unknownTool.tool, unknownTool.named)}`
          : denied,
      };
    }
    case "report":
      return { kind: "report", message: afterToolText(outcome.findings, command) };
    case "context":
      return {
        kind: "context",
        text: say.sessionContext(outcome.context, outcome.selectable, outcome.root, command),
      };
  }
}

function denialText(denial: WriteDenial, command: string): string {
  switch (denial.kind) {
    case "unreadable":
      return say.unreadable(denial.agent, denial.problem);
    case "no-path":
      return say.noPath(denial.tool);
    case "outside":
      return say.outside(denial.file, denial.root);
    case "unresolvable":
      return say.unresolvable(denial.file);
    case "hard-linked":
      return say.hardLinked(denial.file);
    case "git-directory":
      return say.gitDirectory(denial.file);
    case "protected":
      return say.protected(denial.file, denial.protects, command);
    case "blocked":
      return say.blocked(formatVerdictText(denial.verdict, plainStyle, command));
    case "gate-switch":
      return say.gateSwitch(denial.switches);
    case "failed":
      return say.failed(denial.why, command);
  }
}

function gateSwitchText(found: GateSwitch): string {
  switch (found.kind) {
    case "intentguard-off":
      return `${found.what} skips every intentguard hook`;
    case "hooks-path":
      return `${found.what} moves git's hooks away from intentguard's (core.hooksPath)`;
    case "config-include":
      return `${found.what} includes a configuration file that could move git's hooks`;
    case "config-environment":
      return `${found.what} sets git's configuration for the commands it reaches`;
    case "git-directory":
      return `${found.what} writes ${found.target}, inside git's own directory or a .git (hooks, refs, configuration, intentguard's records)`;
    case "git-config-file":
      return `${found.what} writes ${found.target}, git's global configuration`;
  }
}

/** Why an agent's payload is not its own, as the denial says it. */
function payloadProblemText(agent: string, problem: PayloadProblem): string {
  switch (problem.kind) {
    case "empty":
      return "the payload on stdin is empty";
    case "not-json":
      return `the payload on stdin is not JSON (${problem.error})`;
    case "not-object":
      return `${payloadPart(agent, problem.field)} is not a JSON object`;
    case "not-string":
      return `the payload's ${problem.field} is not a string`;
    case "missing":
      return `the payload has no ${problem.field}`;
    case "no-tool-or-event":
      return "the payload names no tool and no event";
    case "field-not-json":
      return `the payload's ${problem.field} is not JSON`;
    case "too-deep":
      return `the tool's input is nested too deep to read, at ${problem.field}`;
  }
}

function payloadPart(agent: string, field: string | null): string {
  return field === null ? `the ${agent} payload` : `the ${agent} payload's ${field}`;
}
