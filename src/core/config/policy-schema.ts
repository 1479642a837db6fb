import { z } from "zod";
import { nonEmptyString } from "./non-empty-string.js";

export const severities = ["error", "warn", "off"] as const;
const Severity = z.enum(severities, { error: `one of ${severities.join(", ")}` });

const Rules = z.strictObject({
  intent_required: Severity.default("error").meta({
    description: "A commit must declare the intent it serves.",
  }),
  intent_status: Severity.default("error").meta({
    description: "Only an IN_PROGRESS intent authorises commits.",
  }),
  scope: Severity.default("error").meta({
    description: "Every path a commit touches must be in its intent's effective scope.",
  }),
  governance_isolation: Severity.default("error").meta({
    description: "A commit that changes the intents or the policy changes nothing else.",
  }),
  assigned_agent: Severity.default("off").meta({
    description: "An intent's assigned_agent, when set, is the only agent that may commit to it.",
  }),
});

const Reviewer = z.strictObject({
  name: nonEmptyString("the reviewer's name; its approvals are recorded as reviewer:<name>"),
  command: nonEmptyString("the command that reviews a request (JSON on stdin)"),
  timeout_seconds: z.number().int().positive().default(120),
});

const ExtendedScopePolicy = z.strictObject({
  approvers: z.array(nonEmptyString("an e-mail address or reviewer:<name>")).default([]).meta({
    description: "Who may approve extended scope (e-mail or reviewer:<name>); empty: anyone.",
  }),
  reviewer: Reviewer.optional(),
});

const Hooks = z.strictObject({
  check_before_editor: z.boolean({ error: "true or false" }).default(true).meta({
    description:
      "Judge what is staged before the commit message editor opens (one more Node start when an editor is used). Every commit is judged as it lands either way.",
  }),
});

export const Policy = z.strictObject({
  version: z.literal(1, { error: "1 (the only policy format so far)" }),
  rules: Rules.default(Rules.parse({})),
  extended_scope: ExtendedScopePolicy.default(ExtendedScopePolicy.parse({})),
  hooks: Hooks.default(Hooks.parse({})),
});

export type Policy = z.output<typeof Policy>;
export type Severity = (typeof severities)[number];
export type RuleName = keyof Policy["rules"];
