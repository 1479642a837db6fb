/**
 * A path as a case-insensitive, normalisation-insensitive file system sees it (macOS, Windows):
 * Unicode NFC, lower case. `src/auth/Secrets.ts` and `src/auth/secrets.ts`, or an NFD and an NFC
 * `café`, are one file there: what is forbidden in one spelling is forbidden in all.
 */
export function foldPath(path: string): string {
  // ASCII, the usual case, needs no normalisation.
  for (let index = 0; index < path.length; index++) {
    if (path.charCodeAt(index) > 0x7f) return path.normalize("NFC").toLowerCase();
  }
  return path.toLowerCase();
}
