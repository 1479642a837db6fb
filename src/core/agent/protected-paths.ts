import { isGovernancePath } from "../governance/governance-files.js";

/**
 * Where each agent reads its hooks from (the project's files): an agent that could write these
 * could switch its own gate off, so no agent writes them — `intentguard agent install` does, run
 * by a person. Repo-root relative: a file, or a folder ending in `/` and everything under it.
 */
export const agentHookConfigs: readonly string[] = [
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".codex/hooks.json",
  ".codex/config.toml",
  ".gemini/settings.json",
  ".cursor/hooks.json",
  ".github/hooks/",
  ".windsurf/hooks.json",
  ".clinerules/hooks/",
  ".opencode/plugin/",
  ".opencode/plugins/",
  ".kilocode/plugin/",
  ".kilocode/plugins/",
  "opencode.json",
  "opencode.jsonc",
  // git's own hooks, when husky keeps them in the work tree: the commit gate itself.
  ".husky/",
];

/**
 * Installed packages: intentguard's own code, the hooks' shims and every tool the hooks start
 * live there, and git ignores them, so no scope would ever see a write to them. Package managers
 * change them, through a shell, not an agent's file tools.
 */
function isInstalledPackage(path: string): boolean {
  return /(^|\/)node_modules(\/|$)/i.test(path);
}

function isAgentHookConfig(path: string): boolean {
  const folded = path.toLowerCase();
  return agentHookConfigs.some((entry) =>
    entry.endsWith("/") ? folded.startsWith(entry) : folded === entry,
  );
}

/** Why an agent may not write a path: the rules, or an agent's hooks. */
export type ProtectedKind = "rules" | "agent-hooks";

/**
 * Whether a repo-relative path is closed to agents whatever their intent: the rules intentguard
 * reads, and every agent's hook configuration. Compared without letter case: on a
 * case-insensitive file system `.Claude/Settings.json` is the same file.
 */
export function protectedFromAgents(path: string): ProtectedKind | null {
  // intentguard's own folder holds the rules, the intent map and the ledger the traces anchor in.
  const folded = path.toLowerCase();
  if (isGovernancePath(folded) || /^\.orchestration(\/|$)/.test(folded)) return "rules";
  return isAgentHookConfig(path) || isInstalledPackage(path) ? "agent-hooks" : null;
}
