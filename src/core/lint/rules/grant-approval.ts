import { effectiveScope } from "../../scope/effective-scope.js";
import type { LintDraft } from "../lint-finding.js";
import type { LintRule } from "./rule.js";

/**
 * `grant_not_approved`, `grant_stale`, `grant_approver_not_allowed`: a grant of an open intent
 * that does not count yet, and why: never approved (or rejected by the reviewer), approved
 * before its paths changed (the signature no longer matches), or approved by someone the policy
 * does not allow.
 */
export const grantApproval: LintRule = ({ open, policy, at }) =>
  open.flatMap(({ intent, index }) =>
    effectiveScope(intent, policy).grants.flatMap((state): LintDraft[] => {
      const grant = intent.extended_scope[state.grant];
      const where = {
        intent: intent.id,
        ...at(["active_intents", index, "extended_scope", state.grant]),
        grant: state.grant + 1,
        paths: state.paths,
      };
      const by = grant?.approval?.by ?? "";
      switch (state.reason) {
        case "not approved": {
          const rejected = grant?.review?.decision === "REJECTED" ? grant.review.by : null;
          return [{ code: "grant_not_approved", ...where, rejected_by: rejected }];
        }
        case "signature mismatch":
          return [{ code: "grant_stale", ...where, approved_by: by }];
        case "approver not allowed":
          return [
            {
              code: "grant_approver_not_allowed",
              ...where,
              approved_by: by,
              approvers: policy.extended_scope.approvers,
            },
          ];
        default:
          return [];
      }
    }),
  );
