import { realpathSync } from "node:fs";
import path from "node:path";
import type { AgentEvent } from "../core/agent/agent-event.js";
import { protectedFromAgents } from "../core/agent/protected-paths.js";
import type { Clock } from "../core/clock.js";
import { readObjects } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { sameRepository } from "../git/work-tree-at.js";
import { checkpointAfter, snapshotBefore, type Writer } from "./checkpoints.js";
import type { WriteTarget } from "./decide-write.js";
import { modelOf } from "./sessions.js";
import { homeOf, registeredAt } from "./work-tree-of.js";

/** Where a write landed: through a symlink, its target (the file whose lines changed). */
function realPath(absolute: string): string {
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}

/** The key tying a pre-write snapshot to its post-write: the tool call, else the session. */
function callOf(event: AgentEvent): string {
  return event.toolUseId ?? event.sessionId ?? "call";
}

/**
 * Observed attribution: before a write, each file's content; after it, the lines the agent added
 * or changed, checkpointed with agent, model, session and tool call (checkpoints.ts). The rules
 * and agents' hooks are never checkpointed (no agent writes them).
 */
export const observeWrites = {
  before(targets: readonly WriteTarget[], event: AgentEvent): void {
    for (const target of targets) {
      snapshotBefore(target.repo.stateDir, target.relative, callOf(event), target.absolute);
    }
  },

  async after(agent: string, event: AgentEvent, cwd: string, clock: Clock): Promise<void> {
    const home = homeOf(cwd);
    if (!home) return;
    for (const given of event.paths) {
      const absolute = realPath(path.resolve(cwd, given));
      const at = registeredAt(absolute);
      const inSubmodule = at?.superproject ? sameRepository(at.superproject, home) : false;
      if (!at || !(sameRepository(at.repo, home) || inSubmodule)) continue;
      const { repo } = at;
      const relative = path.relative(repo.root, absolute).split(path.sep).join("/");
      if (relative.startsWith("../") || protectedFromAgents(relative)) continue;
      await checkpoint(repo, clock, relative, absolute, writerOf(agent, repo, event), event);
    }
  },
};

export function writerOf(agent: string, repo: Repo, event: AgentEvent): Writer {
  const model = modelOf(repo.stateDir, event);
  return {
    agent_id: agent,
    ...(model ? { model_identifier: model } : {}),
    ...(event.sessionId ? { session_id: event.sessionId } : {}),
    ...(event.toolUseId ? { tool_use_id: event.toolUseId } : {}),
  };
}

/** Checkpoints one file; without any earlier view of it, what is staged is "before". */
export async function checkpoint(
  repo: Repo,
  clock: Clock,
  relative: string,
  absolute: string,
  writer: Writer,
  event: AgentEvent,
  cleanBefore = false,
): Promise<void> {
  const staged = async () => {
    const name = `:${relative}`;
    const objects = await readObjects(repo.root, [name]);
    return objects.get(name)?.content.toString("latin1") ?? "";
  };
  await checkpointAfter(
    repo.stateDir,
    relative,
    callOf(event),
    absolute,
    writer,
    clock,
    staged,
    cleanBefore,
  );
}

/** What a shell command's files looked like before it: snapshots of those already changed. */
export function snapshotShellFiles(repo: Repo, event: AgentEvent, relatives: readonly string[]) {
  for (const relative of relatives) {
    snapshotBefore(repo.stateDir, relative, callOf(event), path.join(repo.root, relative));
  }
}
