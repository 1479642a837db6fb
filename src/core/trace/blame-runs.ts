import type { AttributedLine, Confidence, LineContributor } from "./blame-line.js";

/** The confidences in the order reports list them: the most certain first. */
export const confidenceOrder: readonly Confidence[] = [
  "recorded",
  "tampered",
  "derived",
  "unattributed",
];

/** Whether two contributors are the same, field by field (null: no contributor). */
export function sameContributor(a: LineContributor | null, b: LineContributor | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.type === b.type &&
    a.model === b.model &&
    a.agent === b.agent &&
    a.name === b.name &&
    a.email === b.email
  );
}

/**
 * Whether two lines carry the same attribution: the same commit, intent (id and name),
 * contributor and confidence. The reason may differ (it names each line's range).
 */
export function sameAttribution(a: AttributedLine, b: AttributedLine): boolean {
  return (
    a.commit === b.commit &&
    a.confidence === b.confidence &&
    a.intent?.id === b.intent?.id &&
    a.intent?.name === b.intent?.name &&
    sameContributor(a.contributor, b.contributor)
  );
}

/** The lines cut into runs of consecutive lines with the same attribution, in order. */
export function attributionRuns(lines: readonly AttributedLine[]): AttributedLine[][] {
  const runs: AttributedLine[][] = [];
  let current: AttributedLine[] | undefined;
  for (const line of lines) {
    const first = current?.[0];
    if (current && first && sameAttribution(first, line)) current.push(line);
    else {
      current = [line];
      runs.push(current);
    }
  }
  return runs;
}

/**
 * Who a contributor is, as totals count them: an AI by its model and agent, a person by name
 * and email; null for a line with no contributor. Two contributors with the same key are one.
 */
export function contributorKey(contributor: LineContributor | null): string | null {
  if (contributor === null) return null;
  return JSON.stringify(
    contributor.type === "AI"
      ? [contributor.type, contributor.model, contributor.agent]
      : [contributor.type, contributor.name, contributor.email],
  );
}

/** A git time (seconds since the epoch) as ISO 8601 in UTC, to the second: `2025-03-01T09:30:00Z`. */
export function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}
