import { z } from "zod";
import { intentIdPattern } from "../intent/intent-id.js";
import { nonEmptyString } from "./non-empty-string.js";
import { ScopePattern } from "./scope-pattern.js";

export const intentStatuses = [
  "PENDING",
  "IN_PROGRESS",
  "BLOCKED",
  "COMPLETED",
  "ABANDONED",
] as const;

const timestamp = z.iso.datetime({
  offset: true,
  error: "an RFC 3339 date-time like 2026-02-16T12:00:00Z",
});

export const IntentId = z
  .string({ error: 'an intent ID string like "INT-001"' })
  .regex(intentIdPattern, {
    error: 'an intent ID like "INT-001": a capital letter, capitals or digits, a dash, digits',
  });

const Approval = z.strictObject({
  by: nonEmptyString("who approved: an e-mail address or reviewer:<name>"),
  at: timestamp,
  signature: z.string().regex(/^sha256:[0-9a-f]{64}$/, {
    error: 'the grant\'s scope signature, "sha256:" and 64 lowercase hex digits',
  }),
});

export const reviewDecisions = ["APPROVED", "REJECTED"] as const;

/** What the policy's reviewer command decided on a grant, and why (written by scope review). */
const Review = z.strictObject({
  by: nonEmptyString("the reviewer, as reviewer:<name>"),
  at: timestamp,
  decision: z.enum(reviewDecisions, { error: `one of ${reviewDecisions.join(", ")}` }),
  reasons: z.string({ error: "the reviewer's reasons, as text" }),
});

const ExtendedScopeGrant = z.strictObject({
  paths: z.array(ScopePattern).min(1, { error: "at least one path the grant adds" }),
  justification: nonEmptyString("why the intent needs these paths"),
  approval: Approval.optional(),
  review: Review.optional(),
});

const RelatedSpec = z.strictObject({
  type: nonEmptyString('the kind of reference, e.g. "specification"'),
  value: nonEmptyString('the reference itself, e.g. "REQ-001"'),
});

export const Intent = z.strictObject({
  id: IntentId,
  name: nonEmptyString("a short human-readable name"),
  description: z.string({ error: "a text describing the intent" }).optional(),
  status: z.enum(intentStatuses, { error: `one of ${intentStatuses.join(", ")}` }),
  owned_scope: z.array(ScopePattern, { error: "a list of paths or globs" }),
  forbidden_scope: z.array(ScopePattern, { error: "a list of paths or globs" }).default([]),
  extended_scope: z.array(ExtendedScopeGrant, { error: "a list of grants" }).default([]),
  constraints: z.array(z.string(), { error: "a list of texts" }).default([]),
  acceptance_criteria: z.array(z.string(), { error: "a list of texts" }).default([]),
  assigned_agent: nonEmptyString("the agent ID (INTENTGUARD_AGENT) allowed to commit").optional(),
  related_specs: z.array(RelatedSpec).default([]),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});

export const IntentsFile = z
  .strictObject({ active_intents: z.array(Intent, { error: "a list of intents" }) })
  .superRefine((file, ctx) => {
    const firstIndex = new Map<string, number>();
    file.active_intents.forEach((intent, index) => {
      const first = firstIndex.get(intent.id);
      if (first === undefined) {
        firstIndex.set(intent.id, index);
        return;
      }
      ctx.addIssue({
        code: "custom",
        path: ["active_intents", index, "id"],
        message: `duplicate intent ID "${intent.id}" (also active_intents[${first}]); IDs must be unique`,
      });
    });
  });

export type IntentsFile = z.output<typeof IntentsFile>;
export type Intent = IntentsFile["active_intents"][number];
export type IntentStatus = Intent["status"];
export type ExtendedScopeGrant = Intent["extended_scope"][number];
