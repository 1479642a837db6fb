import type { AgentDialect } from "../agent-event.js";
import { claudeCode } from "./claude-code.js";
import { cline } from "./cline.js";
import { codex } from "./codex.js";
import { copilot } from "./copilot.js";
import { cursor } from "./cursor.js";
import { gemini } from "./gemini.js";
import { opencode } from "./opencode.js";
import { windsurf } from "./windsurf.js";

/** Every agent intentguard speaks to, by the name `agent-hook` and `agent install` take. */
export const dialects: readonly AgentDialect[] = [
  claudeCode,
  codex,
  gemini,
  cursor,
  copilot,
  windsurf,
  cline,
  opencode,
];

export function dialectNamed(name: string): AgentDialect | undefined {
  return dialects.find((dialect) => dialect.name === name);
}
