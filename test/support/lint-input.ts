import { LineCounter, parseDocument } from "yaml";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import { Intent } from "../../src/core/config/intents-schema.js";
import type { Policy } from "../../src/core/config/policy-schema.js";
import { closedStatuses } from "../../src/core/intent/intent-lifecycle.js";
import { keyPosition } from "../../src/core/lint/key-position.js";
import type { LintInput, WorkTreeSelection } from "../../src/core/lint/rules/rule.js";

export interface LintInputOptions {
  files?: string[];
  policy?: Policy;
  selections?: WorkTreeSelection[];
}

/**
 * A lint rule's input for an intents file's text, as src/governance/intent-lint.ts gathers it:
 * the items as written, those that validate, the open ones, and where each key is (1-based).
 */
export function lintInput(yaml: string, options: LintInputOptions = {}): LintInput {
  const lineCounter = new LineCounter();
  const document = parseDocument(yaml, { lineCounter });
  const data = document.toJS() as { active_intents?: unknown[] } | null;
  const raw = data?.active_intents ?? [];
  const valid = raw.flatMap((item, index) => {
    const result = Intent.safeParse(item);
    return result.success ? [{ intent: result.data, index }] : [];
  });
  return {
    raw,
    valid,
    open: valid.filter(({ intent }) => !closedStatuses.includes(intent.status)),
    policy: options.policy ?? defaultPolicy,
    files: options.files ?? [],
    selections: options.selections ?? [],
    at: keyPosition(document, lineCounter),
  };
}

/** An intent as the file writes it, for a rule's test. */
export function intentYaml(
  id: string,
  fields: { status?: string; owned?: string[]; forbidden?: string[]; agent?: string } = {},
): string {
  return [
    `  - id: "${id}"`,
    `    name: "${id} work"`,
    `    status: "${fields.status ?? "IN_PROGRESS"}"`,
    `    owned_scope: [${(fields.owned ?? ["src"]).map((p) => `"${p}"`).join(", ")}]`,
    ...(fields.forbidden
      ? [`    forbidden_scope: [${fields.forbidden.map((p) => `"${p}"`).join(", ")}]`]
      : []),
    ...(fields.agent ? [`    assigned_agent: "${fields.agent}"`] : []),
  ].join("\n");
}

export const intentsYaml = (...intents: string[]) => `active_intents:\n${intents.join("\n")}\n`;
