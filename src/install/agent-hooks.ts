import { chmodSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { hookMark, type JsonObject } from "../core/agent/agent-config.js";
import { ExitCode, FailureError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import type { Repo } from "../git/repo.js";
import { agentHookCommand } from "./agent-hook-command.js";
import { type AgentWiring, agentWirings, ownMarker } from "./agent-wirings.js";
import type { FileAction } from "./husky-hook-file.js";

export interface AgentFileResult {
  agent: string;
  file: string;
  action: FileAction | "kept";
}

export function wiringOf(agent: string): AgentWiring | undefined {
  return agentWirings.find((wiring) => wiring.agent === agent);
}

/**
 * Wires an agent to intentguard in this repository: merges our hook entries into its project
 * configuration (keeping the user's, replacing our own), or writes the files that are ours.
 * Idempotent. A configuration that is not valid JSON is refused, naming the file: nothing is
 * written for that agent.
 */
export function installAgent(repo: Repo, wiring: AgentWiring): AgentFileResult[] {
  const command = agentHookCommand(repo, wiring.agent, wiring.failure);
  if (wiring.kind === "merged") {
    const file = path.join(repo.root, wiring.file);
    const existing = readConfig(file, wiring.file);
    const merged = wiring.add(existing?.config ?? {}, command);
    if (!merged.ok) {
      const { file: named, agent } = wiring;
      throw new FailureError(
        { kind: "agent-config-refused", file: named, agent, problem: merged.problem },
        ExitCode.CannotEvaluate,
      );
    }
    const action = writeJson(file, merged.config, existing?.text);
    return [{ agent: wiring.agent, file: wiring.file, action }];
  }
  return wiring.files.map((own) => {
    const file = path.join(repo.root, own.path);
    const text = own.text(command);
    const existing = readIfExists(file)?.toString("utf8");
    if (existing !== undefined && !isOurs(existing, wiring.agent)) {
      return { agent: wiring.agent, file: own.path, action: "kept" };
    }
    if (existing === text) return { agent: wiring.agent, file: own.path, action: "unchanged" };
    writeFileAtomic(file, text, own.executable ? 0o755 : 0o644);
    if (own.executable) chmodSync(file, 0o755);
    return {
      agent: wiring.agent,
      file: own.path,
      action: existing === undefined ? "added" : "updated",
    };
  });
}

/** Removes only our entries and our own files; the user's stay as they were. */
export function uninstallAgent(repo: Repo, wiring: AgentWiring): AgentFileResult[] {
  if (wiring.kind === "merged") {
    const file = path.join(repo.root, wiring.file);
    const existing = readConfig(file, wiring.file);
    if (!existing) return [{ agent: wiring.agent, file: wiring.file, action: "absent" }];
    const kept = wiring.remove(existing.config);
    const empty = Object.keys(kept).every(
      (key) =>
        key === "version" ||
        (key === "hooks" && Object.keys(kept.hooks as JsonObject).length === 0),
    );
    if (empty) {
      rmSync(file, { force: true });
      return [{ agent: wiring.agent, file: wiring.file, action: "removed" }];
    }
    const action = writeJson(file, kept, existing.text);
    return [
      {
        agent: wiring.agent,
        file: wiring.file,
        action: action === "unchanged" ? "absent" : "removed",
      },
    ];
  }
  return wiring.files.map((own) => {
    const file = path.join(repo.root, own.path);
    const existing = readIfExists(file)?.toString("utf8");
    if (existing === undefined) return { agent: wiring.agent, file: own.path, action: "absent" };
    if (!isOurs(existing, wiring.agent)) {
      return { agent: wiring.agent, file: own.path, action: "kept" };
    }
    rmSync(file, { force: true });
    return { agent: wiring.agent, file: own.path, action: "removed" };
  });
}

/**
 * A file of our own: it says so (scripts and plugins carry ownMarker in a comment; JSON, which
 * has none, is known by the command it runs).
 */
function isOurs(text: string, agent: string): boolean {
  return text.includes(ownMarker) || text.includes(hookMark(agent));
}

/** Which agents this repository wires to intentguard (doctor). */
export function wiredAgents(repo: Repo): string[] {
  return agentWirings
    .filter((wiring) => {
      const files = wiring.kind === "merged" ? [wiring.file] : wiring.files.map((own) => own.path);
      return files.some((name) => {
        try {
          return readFileSync(path.join(repo.root, name), "utf8").includes(hookMark(wiring.agent));
        } catch {
          return false;
        }
      });
    })
    .map((wiring) => wiring.agent);
}

function readConfig(file: string, name: string): { config: JsonObject; text: string } | null {
  const text = readIfExists(file)?.toString("utf8");
  if (text === undefined || text.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const parser = (error as Error).message;
    throw new FailureError(
      { kind: "agent-config-not-json", file: name, parser },
      ExitCode.CannotEvaluate,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FailureError(
      { kind: "agent-config-not-object", file: name },
      ExitCode.CannotEvaluate,
    );
  }
  return { config: value as JsonObject, text };
}

function writeJson(file: string, value: JsonObject, before: string | undefined): FileAction {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (text === before) return "unchanged";
  writeFileAtomic(file, text);
  return before === undefined ? "added" : "updated";
}
