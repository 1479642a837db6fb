import type { Verdict } from "../../core/judge/verdict.js";
import {
  type ContributorEnvironment,
  contributorFromEnvironment,
  trailersForContributor,
} from "../../core/trace/contributor.js";
import { intentTrailer, type Trailer } from "../../core/trailers.js";

/**
 * The trailers commit-msg adds to an allowed commit, each only when the message lacks its key:
 * `Intent:` for a commit judged under an intent, and the contributor the environment declares
 * (INTENTGUARD_CONTRIBUTOR, _MODEL, _AGENT), so both travel with the commit through rebases.
 */
export function trailersToAdd(verdict: Verdict, contributorEnv: ContributorEnvironment): Trailer[] {
  const trailers: Trailer[] = [];
  if (verdict.outcome === "allowed" && verdict.kind === "intent" && verdict.intent) {
    trailers.push({ key: intentTrailer, value: verdict.intent.id });
  }
  const contributor = contributorFromEnvironment(contributorEnv);
  if (contributor) trailers.push(...trailersForContributor(contributor));
  return trailers;
}
