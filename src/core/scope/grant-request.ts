import type { Intent } from "../config/intents-schema.js";
import type { Policy } from "../config/policy-schema.js";
import { scopeAdmitter } from "./admit-path.js";
import { effectiveScope } from "./effective-scope.js";
import { staticPrefix } from "./static-prefix.js";

/** Why a requested grant is refused; null when it may be requested. */
export type GrantRequestRefusal =
  | { kind: "forbidden"; paths: string[] }
  | { kind: "adds-nothing"; paths: string[] }
  | { kind: "duplicate"; grant: number };

/**
 * Judges a request for an extended-scope grant of `paths` (normalised patterns) to `intent`: a
 * path the intent forbids can never be granted (deny wins over every grant, so asking is a
 * mistake to say, not a grant to record); a grant whose every path the intent's effective scope
 * already admits adds nothing; the same paths as an existing grant are that grant (approve it).
 */
export function judgeGrantRequest(
  intent: Intent,
  policy: Policy,
  paths: readonly string[],
): GrantRequestRefusal | null {
  const admit = scopeAdmitter(effectiveScope(intent, policy));
  const forbidden = paths.filter((pattern) => {
    const prefix = staticPrefix(pattern);
    if (prefix === "") return false;
    const admission = admit(prefix);
    return !admission.admitted && admission.reason === "forbidden";
  });
  if (forbidden.length > 0) return { kind: "forbidden", paths: forbidden };
  const wanted = [...new Set(paths)].sort().join("\n");
  const duplicate = intent.extended_scope.findIndex(
    (grant) => [...new Set(grant.paths)].sort().join("\n") === wanted,
  );
  if (duplicate !== -1) return { kind: "duplicate", grant: duplicate + 1 };
  const covered = paths.filter((pattern) => {
    const prefix = staticPrefix(pattern);
    return prefix !== "" && admit(prefix).admitted;
  });
  if (covered.length === paths.length) return { kind: "adds-nothing", paths: covered };
  return null;
}
