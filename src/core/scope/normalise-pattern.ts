/** The result of normalising one scope pattern: the pattern, or why it cannot be one. */
export type NormalisedPattern =
  | { ok: true; pattern: string }
  | { ok: false; problem: string; fix: string };

// C0 controls and DEL: a pattern is typed by a person, never contains them, and they hide in output.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f]/;

/**
 * Normalises a scope pattern to its canonical repo-root-relative POSIX form: `.` segments and
 * repeated slashes go (so a leading `./` and a trailing `/` are stripped). A pattern that would
 * be ambiguous or could reach outside the repository is refused with the reason and the fix.
 * Normalising a normalised pattern returns it unchanged.
 */
export function normalisePattern(raw: string): NormalisedPattern {
  if (controlCharacter.test(raw)) {
    return refuse("contains a control character", "remove it; quote the pattern in YAML");
  }
  if (raw.includes("\\")) {
    return refuse("contains a backslash", "use / as the path separator");
  }
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw)) {
    return refuse("is an absolute path", "write it relative to the repository root");
  }
  if (raw.startsWith("!")) {
    return refuse("is a negated glob", "put the paths to exclude in forbidden_scope instead");
  }
  const segments = raw.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) {
    return refuse(
      'has a ".." segment',
      "write the path from the repository root without leaving it",
    );
  }
  if (segments.length === 0) {
    return refuse("is empty", "name a file, a directory or a glob, e.g. src/auth/**");
  }
  return { ok: true, pattern: segments.join("/") };
}

function refuse(problem: string, fix: string): NormalisedPattern {
  return { ok: false, problem, fix };
}

// An empty path, a leading slash, an empty segment, or a "." or ".." segment.
const notPlain = /^$|^\/|\/\/|\/$|(?:^|\/)\.{1,2}(?:\/|$)/;

/**
 * A path git reports is admitted only when it is a plain repo-relative path: no empty, `.` or
 * `..` segment and not absolute. git never produces anything else, but a crafted tree could.
 */
export function isPlainRepoPath(path: string): boolean {
  return !notPlain.test(path);
}
