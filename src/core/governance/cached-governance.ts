import type { Intent, IntentStatus } from "../config/intents-schema.js";
import type { Policy, Severity } from "../config/policy-schema.js";
import type { CompiledPattern } from "../scope/compile-pattern.js";
import type {
  AllowPattern,
  EffectiveScope,
  GrantState,
  PatternOrigin,
} from "../scope/effective-scope.js";
import type { CompiledGlob, GlobSegment, GlobToken } from "../scope/glob.js";
import type { Governance } from "./governance.js";

/**
 * Whether a value read back from the compiled-governance cache has exactly the shape
 * compileGovernance produces, down to every compiled glob, so a truncated, hand-edited or
 * out-of-date entry is recompiled instead of crashing the judge. A structural check in plain
 * code: the cache exists so that a hook with a warm cache loads neither the YAML parser nor zod,
 * and this module imports them only as types. Each object's check lists every key of its type
 * (a field added to Intent, Policy or a glob token without a check here is a type error).
 */
export function isCachedGovernance(value: unknown): value is Governance {
  if (!governance(value)) return false;
  // Every intent has its compiled scope: the judge reads governance.scopes[intent.id].
  const { intents, scopes } = value as Governance;
  return intents.every((intent) => scopes[intent.id]?.intentId === intent.id);
}

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === "string";
const isBoolean: Check = (value) => typeof value === "boolean";
const isInteger: Check = (value) => Number.isInteger(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const literal =
  (expected: unknown): Check =>
  (value) =>
    value === expected;
const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const anyOf =
  (...checks: Check[]): Check =>
  (value) =>
    checks.some((check) => check(value));
const recordOf =
  (check: Check): Check =>
  (value) =>
    isRecord(value) && Object.values(value).every(check);

/** An object with a check for every key of T, optional keys included. */
function object<T>(fields: { [K in keyof T]-?: Check }): Check {
  const entries = Object.entries(fields) as [string, Check][];
  return (value) => isRecord(value) && entries.every(([key, check]) => check(value[key]));
}

/** Every member of the union T, as a list: leaving one out is a type error. */
function allOf<T>() {
  return <const L extends readonly T[]>(
    list: L &
      ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): readonly T[] => list;
}

const statuses = allOf<IntentStatus>()([
  "PENDING",
  "IN_PROGRESS",
  "BLOCKED",
  "COMPLETED",
  "ABANDONED",
]);
const severity = oneOf(allOf<Severity>()(["error", "warn", "off"]));
const grantReasons = allOf<GrantState["reason"]>()([
  "approved",
  "not approved",
  "signature mismatch",
  "approver not allowed",
]);
const strings = arrayOf(isString);

type Grant = Intent["extended_scope"][number];
type Approval = NonNullable<Grant["approval"]>;
type Review = NonNullable<Grant["review"]>;
const reviewDecisions = allOf<Review["decision"]>()(["APPROVED", "REJECTED"]);
type RelatedSpec = Intent["related_specs"][number];

const intent = object<Intent>({
  id: isString,
  name: isString,
  description: optional(isString),
  status: oneOf(statuses),
  owned_scope: strings,
  forbidden_scope: strings,
  extended_scope: arrayOf(
    object<Grant>({
      paths: strings,
      justification: isString,
      approval: optional(object<Approval>({ by: isString, at: isString, signature: isString })),
      review: optional(
        object<Review>({
          by: isString,
          at: isString,
          decision: oneOf(reviewDecisions),
          reasons: isString,
        }),
      ),
    }),
  ),
  constraints: strings,
  acceptance_criteria: strings,
  assigned_agent: optional(isString),
  related_specs: arrayOf(object<RelatedSpec>({ type: isString, value: isString })),
  created_at: optional(isString),
  updated_at: optional(isString),
});

type Reviewer = NonNullable<Policy["extended_scope"]["reviewer"]>;

const policy = object<Policy>({
  version: literal(1),
  rules: object<Policy["rules"]>({
    intent_required: severity,
    intent_status: severity,
    scope: severity,
    governance_isolation: severity,
    assigned_agent: severity,
    agent_governance: severity,
  }),
  extended_scope: object<Policy["extended_scope"]>({
    approvers: strings,
    reviewer: optional(
      object<Reviewer>({ name: isString, command: isString, timeout_seconds: isInteger }),
    ),
  }),
  hooks: object<Policy["hooks"]>({ check_before_editor: isBoolean }),
  governance: object<Policy["governance"]>({ require_signed_by_approver: isBoolean }),
  paths: object<Policy["paths"]>({ require_intent: strings, protected: strings }),
  agents: object<Policy["agents"]>({ readers: strings }),
});

type Token<K extends GlobToken["kind"]> = Extract<GlobToken, { kind: K }>;
type Segment<K extends GlobSegment["kind"]> = Extract<GlobSegment, { kind: K }>;
type Origin<K extends PatternOrigin["kind"]> = Extract<PatternOrigin, { kind: K }>;

const range: Check = (value) =>
  Array.isArray(value) &&
  value.length === 2 &&
  isInteger(value[0]) &&
  isInteger(value[1]) &&
  (value[0] as number) <= (value[1] as number);

const tokens: Record<GlobToken["kind"], Check> = {
  text: object<Token<"text">>({ kind: literal("text"), text: isString }),
  one: object<Token<"one">>({ kind: literal("one") }),
  star: object<Token<"star">>({ kind: literal("star"), afterDot: optional(literal(true)) }),
  class: object<Token<"class">>({
    kind: literal("class"),
    negated: isBoolean,
    ranges: arrayOf(range),
  }),
};

const segments: Record<GlobSegment["kind"], Check> = {
  globstar: object<Segment<"globstar">>({ kind: literal("globstar") }),
  segment: object<Segment<"segment">>({
    kind: literal("segment"),
    tokens: arrayOf(anyOf(...Object.values(tokens))),
  }),
};

const glob = object<CompiledGlob>({
  alternatives: arrayOf(arrayOf(anyOf(...Object.values(segments)))),
});

const pattern = object<CompiledPattern>({ pattern: isString, glob: optional(glob) });

const allowPattern = object<AllowPattern>({
  pattern: isString,
  glob: optional(glob),
  origin: anyOf(
    ...Object.values<Check>({
      owned: object<Origin<"owned">>({ kind: literal("owned") }),
      extended: object<Origin<"extended">>({ kind: literal("extended"), grant: isInteger }),
    } satisfies Record<PatternOrigin["kind"], Check>),
  ),
});

const scope = object<EffectiveScope>({
  intentId: isString,
  allow: arrayOf(allowPattern),
  deny: arrayOf(pattern),
  denyFolded: arrayOf(pattern),
  grants: arrayOf(
    object<GrantState>({
      grant: isInteger,
      paths: strings,
      counted: isBoolean,
      reason: oneOf(grantReasons),
    }),
  ),
});

const governance = object<Governance>({
  intents: arrayOf(intent),
  policy,
  policyFromFile: isBoolean,
  scopes: recordOf(scope),
});
