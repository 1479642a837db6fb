import { isUtf8 } from "node:buffer";

/**
 * A path as git reports it, from its bytes: git stores names as bytes, and two names that are not
 * valid UTF-8 (`weird/\xff`, `weird/\xfe`) are two files. A valid UTF-8 name (nearly every name)
 * is its string; any other keeps its exact bytes beside a readable string with U+FFFD for what
 * does not decode.
 */
export function pathFromBytes(bytes: Buffer): { path: string; bytes: Buffer | null } {
  return isUtf8(bytes)
    ? { path: bytes.toString("utf8"), bytes: null }
    : { path: bytes.toString("utf8"), bytes: Buffer.from(bytes) };
}

/** The same from a field decoded as latin1 (one character per byte, as the parsers read them). */
export function pathFromLatin1(field: string): { path: string; bytes: Buffer | null } {
  // Pure ASCII, the usual case, is the same in every encoding: no copy, no check.
  for (let index = 0; index < field.length; index++) {
    if (field.charCodeAt(index) > 0x7f) return pathFromBytes(Buffer.from(field, "latin1"));
  }
  return { path: field, bytes: null };
}
