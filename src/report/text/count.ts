/**
 * A count as every human-facing report prints it: thousands separated by commas ("3,000"),
 * whatever the locale, so "3 of 3,000" never sits beside "3000". Line numbers are positions,
 * not counts, and are printed as editors show them ("line 1234").
 */
export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A count and its noun, singular for exactly one: "1 file", "2 files", "1 entry", "3 entries". */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${count(n)} ${n === 1 ? noun : nouns}`;
}

/**
 * The commits a history-wide report passes over because they predate the adoption commit, said
 * whole: a bare "6158 before adoption" does not say what was counted or what became of them.
 */
export function skippedBeforeAdoption(n: number): string {
  return `${plural(n, "commit")} before adoption skipped`;
}
