/** The files whose content is the rules themselves. */
export const intentsFilePath = ".orchestration/active_intents.yaml";
export const policyFilePath = "policies/intentguard.yaml";

/**
 * A commit touching one of these is a governance change: it needs no intent and must touch
 * nothing else, so a change to the rules is always reviewed on its own.
 */
export function isGovernancePath(path: string): boolean {
  return path === intentsFilePath || path === "policies" || path.startsWith("policies/");
}
