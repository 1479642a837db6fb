import { z } from "zod";

/** A required, non-empty string whose every failure says what the field is for. */
export function nonEmptyString(expected: string) {
  return z.string({ error: expected }).min(1, { error: expected });
}
