import { isDeepStrictEqual } from "node:util";
import type { Intent } from "../config/intents-schema.js";
import type { Governance } from "../governance/governance.js";

/**
 * Whether a rules change only asks for scope: every intent as it was but for grants appended to
 * its `extended_scope` with neither an approval nor a review (what `intentguard scope request`
 * writes) and its `updated_at`; no intent added, removed or reordered; the policy as it was.
 * Anything else — a wider owned scope, a dropped forbidden path, an approval, a status — is a
 * change of the rules.
 */
export function onlyAddsGrantRequests(before: Governance, after: Governance): boolean {
  if (!isDeepStrictEqual(before.policy, after.policy)) return false;
  if (before.policyFromFile !== after.policyFromFile) return false;
  if (before.intents.length !== after.intents.length) return false;
  return before.intents.every((intent, index) => {
    const later = after.intents[index];
    return later !== undefined && onlyRequests(intent, later);
  });
}

function onlyRequests(before: Intent, after: Intent): boolean {
  const { extended_scope: grants, updated_at: _was, ...rest } = before;
  const { extended_scope: laterGrants, updated_at: _is, ...laterRest } = after;
  if (!isDeepStrictEqual(rest, laterRest)) return false;
  if (laterGrants.length < grants.length) return false;
  if (!isDeepStrictEqual(laterGrants.slice(0, grants.length), grants)) return false;
  return laterGrants
    .slice(grants.length)
    .every((grant) => grant.approval === undefined && grant.review === undefined);
}
