/** Where the intent a commit serves was declared; the first of these that is set wins. */
export type IntentSource = "flag" | "env" | "trailer" | "selection";

export interface IntentRequest {
  id: string;
  source: IntentSource;
}

export interface IntentDeclarations {
  flag?: string | undefined;
  env?: string | undefined;
  /** Values of the commit message's `Intent:` trailers, in order. */
  trailers?: readonly string[] | undefined;
  selection?: string | undefined;
}

export type ResolvedRequest =
  | { request: IntentRequest | null }
  | { conflict: IntentConflict; request: IntentRequest | null };

/** Why a commit's declarations name more than one intent. */
export type IntentConflict =
  /** The message carries `Intent:` trailers naming these different intents. */
  | { kind: "several-trailers"; intents: string[] }
  /** --intent or INTENTGUARD_INTENT names one intent, the message's trailer another. */
  | { kind: "trailer-contradicts"; source: "flag" | "env"; declared: string; trailer: string };

/**
 * Resolves which intent a commit serves: `--intent`, then INTENTGUARD_INTENT, then the message's
 * `Intent:` trailer, then this work tree's selection. A message that declares two intents, or one
 * that contradicts the flag or the environment, is a conflict: the commit would carry a trailer
 * that is not what it was checked against.
 */
export function resolveIntentRequest(declared: IntentDeclarations): ResolvedRequest {
  const trailerIds = [...new Set((declared.trailers ?? []).map((value) => value.trim()))];
  const explicit = nonEmpty(declared.flag)
    ? { id: nonEmpty(declared.flag) as string, source: "flag" as const }
    : nonEmpty(declared.env)
      ? { id: nonEmpty(declared.env) as string, source: "env" as const }
      : null;
  if (trailerIds.length > 1) {
    return {
      request: explicit,
      conflict: { kind: "several-trailers", intents: trailerIds },
    };
  }
  const [trailerId] = trailerIds;
  if (explicit && trailerId !== undefined && trailerId !== explicit.id) {
    return {
      request: explicit,
      conflict: {
        kind: "trailer-contradicts",
        source: explicit.source,
        declared: explicit.id,
        trailer: trailerId,
      },
    };
  }
  if (explicit) return { request: explicit };
  if (trailerId !== undefined) return { request: { id: trailerId, source: "trailer" } };
  const selected = nonEmpty(declared.selection);
  return { request: selected ? { id: selected, source: "selection" } : null };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
