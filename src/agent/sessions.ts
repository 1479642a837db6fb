import path from "node:path";
import type { AgentEvent } from "../core/agent/agent-event.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { checkpointDir } from "./agent-state.js";
import { fileKey } from "./file-key.js";

function sessionFile(stateDir: string, sessionId: string): string {
  const name = fileKey(sessionId);
  return path.join(checkpointDir(stateDir), "sessions", `${name}.json`);
}

/**
 * Some agents name the model only when a session starts (Claude Code's SessionStart): kept so
 * that the session's later writes say which model wrote them.
 */
export function rememberSession(stateDir: string, event: AgentEvent): void {
  if (!event.sessionId || !event.model) return;
  writeFileAtomic(sessionFile(stateDir, event.sessionId), JSON.stringify({ model: event.model }));
}

/** The model an event names, else the one its session started with; undefined when unknown. */
export function modelOf(stateDir: string, event: AgentEvent): string | undefined {
  if (event.model) return event.model;
  if (!event.sessionId) return undefined;
  try {
    const bytes = readIfExists(sessionFile(stateDir, event.sessionId));
    const model = bytes
      ? (JSON.parse(bytes.toString("utf8")) as { model?: unknown }).model
      : undefined;
    return typeof model === "string" && model !== "" ? model : undefined;
  } catch {
    return undefined;
  }
}
