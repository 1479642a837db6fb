import { type ResolvedRequest, resolveIntentRequest } from "../intent/intent-request.js";

/**
 * The intent a commit that already exists serves: its own `Intent:` trailer, and nothing else —
 * the selection and INTENTGUARD_INTENT are how commit-msg writes that trailer, not a second
 * answer. INTENTGUARD_INTENT still counts against a trailer that contradicts it.
 */
export function resolveCommitIntent(
  trailers: readonly string[],
  declared: string | undefined,
): ResolvedRequest {
  const resolved = resolveIntentRequest({ trailers });
  const env = declared?.trim();
  if ("conflict" in resolved || !env || !resolved.request || resolved.request.id === env) {
    return resolved;
  }
  return {
    request: resolved.request,
    conflict: {
      kind: "trailer-contradicts",
      source: "env",
      declared: env,
      trailer: resolved.request.id,
    },
  };
}
