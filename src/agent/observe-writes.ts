import { realpathSync } from "node:fs";
import path from "node:path";
import type { AgentEvent } from "../core/agent/agent-event.js";
import { type AgentOutcome, noFindings } from "../core/agent/agent-outcome.js";
import { protectedFromAgents } from "../core/agent/protected-paths.js";
import type { Clock } from "../core/clock.js";
import { readObjects } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { type Checkpoint, checkpointAfter, snapshotBefore } from "./checkpoints.js";
import type { WriteTarget } from "./decide-write.js";
import type { Writer } from "./observation-store.js";
import { modelOf } from "./sessions.js";
import { registeredAt, type Workspace } from "./work-tree-of.js";

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

  /**
   * After a file tool ran: its lines checkpointed. A pre-write snapshot that is gone, or observed
   * lines changed other than by intentguard, are reported: never passed over in silence.
   */
  async after(
    agent: string,
    event: AgentEvent,
    where: Workspace,
    clock: Clock,
    expected: (given: string) => boolean,
  ): Promise<AgentOutcome> {
    const { cwd, home } = where;
    if (!home) return { kind: "allow" };
    const findings = noFindings();
    const missing: string[] = [];
    for (const given of event.paths) {
      const absolute = realPath(path.resolve(cwd, given));
      const at = registeredAt(absolute, home);
      if (!at) continue;
      const { repo } = at;
      const relative = path.relative(repo.root, absolute).split(path.sep).join("/");
      if (relative.startsWith("../") || protectedFromAgents(relative)) continue;
      const done = await checkpoint(repo, clock, relative, absolute, writerOf(agent, repo, event), {
        event,
        expected: expected(given),
      });
      if (done.snapshotMissing) missing.push(relative);
      if (done.tampering) findings.tampering.push({ kind: "observations", ...done.tampering });
    }
    if (missing.length > 0) findings.tampering.push({ kind: "snapshot-missing", files: missing });
    return findings.tampering.length > 0 ? { kind: "report", findings } : { kind: "allow" };
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
  call: { event: AgentEvent; expected: boolean; cleanBefore?: boolean },
): Promise<Checkpoint> {
  const staged = async () => {
    const name = `:${relative}`;
    const objects = await readObjects(repo.root, [name]);
    return objects.get(name)?.content.toString("latin1") ?? "";
  };
  return checkpointAfter(repo, relative, callOf(call.event), absolute, writer, clock, {
    fallback: staged,
    expected: call.expected,
    ...(call.cleanBefore ? { cleanBefore: true } : {}),
  });
}

/** What a shell command's files looked like before it: snapshots of those already changed. */
export function snapshotShellFiles(repo: Repo, event: AgentEvent, relatives: readonly string[]) {
  for (const relative of relatives) {
    snapshotBefore(repo.stateDir, relative, callOf(event), path.join(repo.root, relative));
  }
}
