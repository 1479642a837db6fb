import { lstatSync, rmSync } from "node:fs";
import path from "node:path";
import type { AgentEvent } from "../core/agent/agent-event.js";
import type { AgentOutcome } from "../core/agent/agent-outcome.js";
import { gateSwitches } from "../core/agent/gate-switches.js";
import { agentHookConfigs, protectedFromAgents } from "../core/agent/protected-paths.js";
import type { Clock } from "../core/clock.js";
import { isGovernancePath } from "../core/governance/governance-files.js";
import type { Environment } from "../environment.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import type { AgentMade } from "../gate/agent-made.js";
import { judgePaths } from "../gate/judge-paths.js";
import { type ChangedFiles, changedFiles, changedSince } from "../git/changed-files.js";
import type { Repo } from "../git/repo.js";
import { managedHooks } from "../install/managed-hooks.js";
import { checkpointDir } from "./agent-state.js";
import { fileKey } from "./checkpoints.js";
import { checkpoint, snapshotShellFiles, writerOf } from "./observe-writes.js";
import { homeOf } from "./work-tree-of.js";

/**
 * A shell command cannot be judged by path before it runs: what it changed is found after, by
 * comparing the work tree's changed files (git status, sizes and modification times) with a
 * snapshot taken before — bounded by the number of changed files, not the size of the tree.
 */
function snapshotFile(stateDir: string, event: AgentEvent): string {
  const call = event.toolUseId ?? event.sessionId ?? "shell";
  const name = fileKey(call);
  return path.join(checkpointDir(stateDir), "shell", `${name}.json`);
}

/** What a shell command is measured against: git's changed files, and the gate's own files. */
interface ShellSnapshot {
  changed: ChangedFiles;
  gate: ChangedFiles;
}

/**
 * The files that gate an agent, which git may not show (an ignored `.claude/settings.local.json`,
 * git's own configuration with core.hooksPath): watched by name, one stat each.
 */
function gateFiles(repo: Repo, env: Environment): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of agentHookConfigs) {
    if (!entry.endsWith("/")) files[entry] = path.join(repo.root, entry);
  }
  files[".git/config"] = path.join(repo.commonDir, "config");
  files[".git/config.worktree"] = path.join(repo.gitDir, "config.worktree");
  // git's global configuration (core.hooksPath there switches every repository's hooks off).
  const [global, xdg] = globalConfigFiles(env);
  files["~/.gitconfig"] = global as string;
  files["$XDG_CONFIG_HOME/git/config"] = xdg as string;
  // The hook files themselves, where git runs them.
  for (const hook of managedHooks) files[`${hook} hook`] = path.join(repo.hooksDir, hook);
  return files;
}

function statGateFiles(repo: Repo, env: Environment): ChangedFiles {
  const stats: ChangedFiles = {};
  for (const [name, file] of Object.entries(gateFiles(repo, env))) {
    const stat = lstatSync(file, { throwIfNoEntry: false });
    stats[name] = stat ? [stat.size, stat.mtimeMs] : null;
  }
  return stats;
}

/**
 * Before a shell command: denied when its text would switch the gate off (gate-switches.ts:
 * INTENTGUARD=0, core.hooksPath or an include set, a write into git's directory or any `.git`);
 * otherwise what it is measured against afterwards is taken.
 */
export async function beforeShell(
  event: AgentEvent,
  cwd: string,
  env: Environment,
): Promise<AgentOutcome> {
  const repo = homeOf(cwd);
  if (!repo) return { kind: "allow" };
  const switches = gateSwitches(event.command ?? "", {
    cwd,
    home: env.home,
    gitDirs: [repo.gitDir, repo.commonDir],
    configFiles: globalConfigFiles(env),
  });
  if (switches.length > 0) return { kind: "deny", denial: { kind: "gate-switch", switches } };
  const snapshot: ShellSnapshot = {
    changed: await changedFiles(repo.root),
    gate: statGateFiles(repo, env),
  };
  // The files already changed: their content, so that what the command does to them is told
  // apart from what a person had done (a clean file's "before" is what is staged).
  snapshotShellFiles(repo, event, Object.keys(snapshot.changed));
  writeFileAtomic(snapshotFile(repo.stateDir, event), JSON.stringify(snapshot));
  return { kind: "allow" };
}

/** git's global configuration files: ~/.gitconfig and $XDG_CONFIG_HOME/git/config. */
function globalConfigFiles(env: Environment): string[] {
  return [path.join(env.home, ".gitconfig"), path.join(env.configHome, "git", "config")];
}

/**
 * After a shell command: the files it changed outside the intent's scope (or in an agent's hooks)
 * are reported to the agent — a commit of them will be refused; those in scope are checkpointed
 * as the agent's. The rules files are left to the commit gate: `intentguard scope request`, which
 * an agent may run, writes them (and the ledger records it).
 */
export async function afterShell(
  agentName: string,
  event: AgentEvent,
  cwd: string,
  agent: AgentMade,
  clock: Clock,
  env: Environment,
): Promise<AgentOutcome> {
  const repo = homeOf(cwd);
  if (!repo) return { kind: "allow" };
  const file = snapshotFile(repo.stateDir, event);
  const saved = readIfExists(file);
  if (!saved) return { kind: "allow" };
  rmSync(file, { force: true });
  const before = JSON.parse(saved.toString("utf8")) as ShellSnapshot;
  const gateChanged = changedSince(before.gate ?? {}, statGateFiles(repo, env));
  const changed = changedSince(before.changed ?? {}, await changedFiles(repo.root)).filter(
    (name) => !isGovernancePath(name) && !gateChanged.includes(name),
  );
  if (changed.length === 0 && gateChanged.length === 0) return { kind: "allow" };
  const verdict =
    changed.length === 0
      ? null
      : await judgePaths(
          repo,
          changed.map((name) => path.join(repo.root, name)),
          undefined,
          { ...env, cwd: repo.root },
          { agent },
        );
  const refused = new Set(
    (verdict?.paths ?? []).filter((one) => !one.admitted).map((one) => one.path),
  );
  for (const name of changed) if (protectedFromAgents(name)) refused.add(name);
  for (const name of gateChanged) refused.add(name);
  const writer = writerOf(agentName, repo, event);
  for (const name of changed) {
    if (refused.has(name)) continue;
    const cleanBefore = !(name in (before.changed ?? {}));
    await checkpoint(repo, clock, name, path.join(repo.root, name), writer, event, cleanBefore);
  }
  if (refused.size === 0 && verdict?.outcome !== "blocked") return { kind: "allow" };
  return { kind: "report", files: refused.size > 0 ? [...refused] : changed, verdict };
}
