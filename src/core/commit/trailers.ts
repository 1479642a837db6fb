/** The trailer that binds a commit to the intent it serves. */
export const intentTrailer = "Intent";

/** A commit message trailer (`Key: value`), as git prints them one per line. */
export interface Trailer {
  key: string;
  value: string;
}

/** Parses git's trailer output (`interpret-trailers --parse`, `%(trailers:only,unfold)`). */
export function parseTrailerLines(text: string): Trailer[] {
  return text
    .split("\n")
    .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ key: (match[1] ?? "").trim(), value: (match[2] ?? "").trim() }));
}

export function trailerValues(trailers: readonly Trailer[], key: string): string[] {
  const wanted = key.toLowerCase();
  return trailers.filter((trailer) => trailer.key.toLowerCase() === wanted).map((t) => t.value);
}
