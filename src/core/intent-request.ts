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
  | { conflict: string; request: IntentRequest | null };

const sourceLabel: Record<IntentSource, string> = {
  flag: "--intent",
  env: "INTENTGUARD_INTENT",
  trailer: "the message's Intent: trailer",
  selection: "intentguard select",
};

export function describeSource(source: IntentSource): string {
  return sourceLabel[source];
}

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
      conflict: `the message declares ${trailerIds.length} intents (Intent: ${trailerIds.join(", ")}); a commit serves exactly one`,
    };
  }
  const [trailerId] = trailerIds;
  if (explicit && trailerId !== undefined && trailerId !== explicit.id) {
    return {
      request: explicit,
      conflict: `${describeSource(explicit.source)} says ${explicit.id} but the message's Intent: trailer says ${trailerId}`,
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
