const escapes: Record<string, number> = {
  a: 7,
  b: 8,
  t: 9,
  n: 10,
  v: 11,
  f: 12,
  r: 13,
  '"': 34,
  "\\": 92,
};

/**
 * Undoes git's C-style quoting of a path in patch headers (`"src/new\nline.ts"`, octal escapes
 * for the bytes git chose to escape). Takes the header's bytes as a latin1 string (one character
 * per byte) and returns the path's exact bytes: a name need not be valid UTF-8.
 */
export function unquotePath(latin1: string): Buffer {
  if (!latin1.startsWith('"') || !latin1.endsWith('"') || latin1.length < 2) {
    return Buffer.from(latin1, "latin1");
  }
  const body = latin1.slice(1, -1);
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index++) {
    const char = body.charAt(index);
    if (char !== "\\") {
      bytes.push(body.charCodeAt(index));
      continue;
    }
    const next = body.charAt(index + 1);
    const octal = /^[0-3][0-7]{2}/.exec(body.slice(index + 1, index + 4));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      index += 3;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
      index += 1;
    }
  }
  return Buffer.from(bytes);
}
