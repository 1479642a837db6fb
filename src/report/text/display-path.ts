// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we escape
const needsQuoting = /[\u0000-\u001f\u007f"]|^\s|\s$/;

/** A path as one unambiguous line: quoted and escaped (JSON-style) when it would mislead raw. */
export function displayPath(path: string): string {
  return needsQuoting.test(path) ? JSON.stringify(path) : path;
}
