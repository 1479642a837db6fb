import type { IntentContext } from "../intent/intent-context.js";
import type { Verdict } from "../judge/verdict.js";
import type { AgentDialect, AgentEvent, PayloadProblem } from "./agent-event.js";
import type { GateSwitch } from "./gate-switches.js";
import type { ProtectedKind } from "./protected-paths.js";
import type { NamedPath } from "./tool-paths.js";

/** Why a write is denied, as facts: src/report/verdict/agent-hook-messages.ts words each for the model. */
export type WriteDenial =
  /** The payload is not the agent's (malformed, another agent's, a missing field). */
  | { kind: "unreadable"; agent: string; problem: PayloadProblem }
  | { kind: "no-path"; tool: string }
  | { kind: "outside"; file: string; root: string }
  /** Through a symlink whose target does not exist. */
  | { kind: "unresolvable"; file: string }
  | { kind: "hard-linked"; file: string }
  | { kind: "git-directory"; file: string }
  | { kind: "protected"; file: string; protects: ProtectedKind }
  /** A commit of the write would be refused. */
  | { kind: "blocked"; verdict: Verdict }
  /** A shell command that would switch the gate off (INTENTGUARD=0, core.hooksPath, .git). */
  | { kind: "gate-switch"; switches: GateSwitch[] }
  /** The write could not be judged: an error, denied rather than let through. */
  | { kind: "failed"; why: string };

/** What the agent hook decided, as facts; the edge words it (agentHookAnswer) in the dialect. */
export type AgentOutcome =
  | { kind: "allow" }
  /**
   * `unknownTool`: the tool was judged as one that may write because no agent's list knows it
   * and its name does not say it reads — with the strings it named, and their fields.
   */
  | { kind: "deny"; denial: WriteDenial; unknownTool?: { tool: string; named: NamedPath[] } }
  /** After a tool ran: what it did that the agent and the person must be told. */
  | { kind: "report"; findings: AfterToolFindings }
  /** At session start: the selected intent (or none) and the intents a person may select. */
  | { kind: "context"; root: string; context: IntentContext | null; selectable: string[] };

/** One call of an agent's hook, decided: what the edge answers in the agent's dialect. */
export interface AgentHookResult {
  dialect: AgentDialect;
  /** Null when the payload could not be read. */
  event: AgentEvent | null;
  outcome: AgentOutcome;
}

/**
 * What an agent's hook found after a tool ran, as facts the edge words for the model (each list
 * empty when nothing of its kind was found):
 * - `outOfScope`: files a shell command changed that no commit under the intent may take, with
 *   the verdict when judged;
 * - `gate`: the gate's own settings it changed (core.hooksPath, an include, a hook file, an
 *   agent's hook configuration), by name; `gateBetween`: those that changed since the agent's
 *   last shell command ended, before this one began;
 * - `planted`: `.git` entries below the work tree's root no registration accounts for;
 * - `escapes`: branches that reach commits the landing gate neither traced nor refused;
 * - `tampering`: what intentguard keeps that was taken away or changed other than by intentguard.
 */
export interface AfterToolFindings {
  outOfScope: { files: string[]; verdict: Verdict | null } | null;
  gate: string[];
  gateBetween: string[];
  planted: string[];
  escapes: Escape[];
  tampering: StateTampering[];
}

/**
 * A branch (or the detached HEAD) a shell command left reaching commits that were reachable from
 * no ref before it, are on no remote-tracking branch, and that the landing gate neither traced
 * nor refused (committed with the hooks off, or written into the ref by hand). `old`: where the
 * ref was before (null: it did not exist); `checkedOut`: the ref HEAD is on (the undo keeps the
 * work, staged). `between`: found between two of the agent's shell commands, not during one —
 * made by a process left running, a tool no hook sees, or a person.
 */
export interface Escape {
  ref: string;
  old: string | null;
  new: string;
  commits: string[];
  checkedOut: boolean;
  between?: true;
}

/**
 * What intentguard keeps that an agent's tool took away or changed other than through intentguard:
 * - `snapshot-missing`: the snapshot a pre-write hook took of these files is gone;
 * - `shell-snapshot-missing`: the state taken before the shell command is gone (its check could
 *   not be made);
 * - `observations`: the observed lines (refs/intentguard/observed/…) were changed or removed:
 *   their files' lines will be nobody's when they land;
 * - `own-ref`: one of intentguard's own refs (the trace notes) was moved or removed;
 * - `log`: the log of observed writes (checkpoints.jsonl) was shortened or removed;
 * - `escapes`: the list of escapes lost some that still stand (put back).
 */
export type StateTampering =
  | { kind: "snapshot-missing"; files: string[] }
  | { kind: "shell-snapshot-missing" }
  | { kind: "observations"; how: "changed" | "removed"; files: string[] }
  | { kind: "own-ref"; ref: string; how: "changed" | "removed" }
  | { kind: "log" }
  | { kind: "escapes" };

/** Findings with nothing in them, to add to. */
export function noFindings(): AfterToolFindings {
  return { outOfScope: null, gate: [], gateBetween: [], planted: [], escapes: [], tampering: [] };
}
