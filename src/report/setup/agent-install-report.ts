import { agentHookDeadline } from "../../core/agent/agent-hook-deadline.js";
import type { AgentFileResult } from "../../install/agent-hooks.js";
import type { AgentWiring } from "../../install/agent-wirings.js";

/** What `agent install` / `agent uninstall` did, file by file, and what each agent does on failure. */
export function formatAgentInstall(
  results: readonly AgentFileResult[],
  wirings: readonly AgentWiring[],
  verb: "install" | "uninstall",
): string {
  const lines: string[] = [];
  for (const result of results) {
    const note =
      result.action === "kept"
        ? " (not intentguard's: left as it is; add the hook to it by hand, or move it away and run this again)"
        : "";
    lines.push(
      `intentguard agent ${verb}: ${result.agent}: ${result.file} ${result.action}${note}`,
    );
  }
  if (verb === "install") {
    for (const wiring of wirings) {
      lines.push(
        `  ${wiring.agent}: a hook that crashes, finds no node or has not answered within ${agentHookDeadline} s denies the write${wiring.caveat ? `; ${wiring.caveat}` : ""}.`,
      );
    }
    lines.push(
      "Commit these files so every clone's agents are gated, under an intent that owns them: in the starter intents file that is INT-002 (repository tooling), once a rules commit adds them to its owned_scope. The commit gate and CI judge what any agent commits either way.",
    );
  }
  return `${lines.join("\n")}\n`;
}
