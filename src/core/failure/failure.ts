import type { CiProblem } from "../check/ci-event/range-request.js";
import type { RangeFailure } from "../check/range-failure.js";
import type { Intent } from "../config/intents-schema.js";
import type { LifecycleAction, TransitionJudgement } from "../intent/intent-lifecycle.js";
import type { GrantState } from "../scope/effective-scope.js";
import type { GrantRequestRefusal } from "../scope/grant-request.js";
import type { CommitRangeFailure } from "./commit-range-failure.js";
import type { GateFailure } from "./gate-failure.js";
import type { GovernanceFailure } from "./governance-failure.js";
import type { InstallFailure } from "./install-failure.js";
import type { StoreFailure } from "./store-failure.js";
import type { TraceFailure } from "./trace-failure.js";

/**
 * An expected failure a use case states as facts: src/errors.ts's FailureError carries it,
 * src/report/failure/failure-text.ts words it, and the edge (src/cli.ts) prints it with its exit code.
 * The intents' own are here; the other areas' in failure/.
 */
export type Failure =
  | GateFailure
  | InstallFailure
  | CommitRangeFailure
  | GovernanceFailure
  | StoreFailure
  | TraceFailure
  /** A command named an intent the working copy's intents file does not have. */
  | { kind: "unknown-intent"; id: string; intents: readonly { id: string; name: string }[] }
  /** A lifecycle command asked for a move the lifecycle does not allow. */
  | {
      kind: "transition-refused";
      id: string;
      action: LifecycleAction;
      judgement: Extract<TransitionJudgement, { kind: "refused" }>;
    }
  /** `scope request` of paths the intent's rules refuse; `reviewer`: the policy has one. */
  | { kind: "grant-refused"; intent: Intent; refusal: GrantRequestRefusal; reviewer: boolean }
  /** `scope approve`/`review` without a grant to act on: `--grant N` out of range, or no choice. */
  | {
      kind: "grant-not-chosen";
      intent: Intent;
      grants: readonly GrantState[];
      asked: number | undefined;
    }
  /**
   * `check --ci` cannot tell which commits the CI run brings. `payloadFile`: GitHub's event
   * payload file (GITHUB_EVENT_PATH), once the run is known to be on GitHub Actions.
   */
  | { kind: "ci-event"; problem: CiProblem; payloadFile: string | null }
  /** `check` cannot know the commits it should cover whole. */
  | { kind: "check-range"; failure: RangeFailure };
