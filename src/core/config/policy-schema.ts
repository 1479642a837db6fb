import { z } from "zod";
import { nonEmptyString } from "./non-empty-string.js";
import { ScopePattern as PolicyPattern } from "./scope-pattern.js";

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
  agent_governance: Severity.default("error").meta({
    description:
      "A commit an agent makes (its Contributor-* trailers, or the environment it commits from) may not change the rules, but to add grant requests.",
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

const GovernancePolicy = z.strictObject({
  require_signed_by_approver: z.boolean({ error: "true or false" }).default(false).meta({
    description:
      "A commit changing the rules must be signed (git's SSH or GPG signature, verified by git) by an identity in extended_scope.approvers, and an approval's `by` must be the signer of the commit that added it. Off: approvals are integrity checks, not authentication.",
  }),
});

// prefault, not default: zod leaves a default out of the input JSON Schema when the schema
// transforms (patterns are normalised), and the shipped schema should show the defaults.
const PathsPolicy = z.strictObject({
  require_intent: z.array(PolicyPattern).prefault(["**"]).meta({
    description:
      'Which paths need an intent at all (default ["**"]: every path); a commit touching none of them needs no intent.',
  }),
  protected: z.array(PolicyPattern).prefault([]).meta({
    description:
      "Paths no intent may touch unless one of its own patterns (owned_scope or an approved grant) lies inside them: read as a path (a glob by its static prefix), a protected pattern matches it (infra or infra/** for infra/**; never ** or src/**). A protected path always needs an intent.",
  }),
});

const Hooks = z.strictObject({
  check_before_editor: z.boolean({ error: "true or false" }).default(true).meta({
    description:
      "Judge what is staged before the commit message editor opens (one more Node start when an editor is used). Every commit is judged as it lands either way.",
  }),
});

const AgentsPolicy = z.strictObject({
  readers: z
    .array(nonEmptyString("a tool's name as the agent sends it, e.g. mcp__ide__getDiagnostics"))
    .default([])
    .meta({
      description:
        "Tools that write no file, as agents name them (e.g. mcp__ide__getDiagnostics): an agent's hook lets them run unjudged. A tool no agent's own list knows (an MCP server's) is otherwise a reader only when its leading verb says so (read, get, list, search, find, view, grep, glob, stat), and is judged on every path it names.",
    }),
});

export const Policy = z.strictObject({
  version: z.literal(1, { error: "1 (the only policy format so far)" }),
  rules: Rules.default(Rules.parse({})),
  extended_scope: ExtendedScopePolicy.default(ExtendedScopePolicy.parse({})),
  hooks: Hooks.default(Hooks.parse({})),
  governance: GovernancePolicy.default(GovernancePolicy.parse({})),
  paths: PathsPolicy.prefault({ require_intent: ["**"], protected: [] }),
  agents: AgentsPolicy.default(AgentsPolicy.parse({})),
});

export type Policy = z.output<typeof Policy>;
export type Severity = (typeof severities)[number];
export type RuleName = keyof Policy["rules"];
