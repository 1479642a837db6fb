/**
 * A full git object ID as git prints it: SHA-1 (40 lowercase hex digits) or SHA-256 (64). The
 * one definition: every reader of git output, CI events and records checks IDs with these.
 */
export const objectIdSource = "(?:[0-9a-f]{40}|[0-9a-f]{64})";

const objectId = new RegExp(`^${objectIdSource}$`);
const nullObjectId = /^(?:0{40}|0{64})$/;

export function isObjectId(text: string): boolean {
  return objectId.test(text);
}

/** The all-zeros ID git and the CIs use for "no object" (a ref created or deleted). */
export function isNullObjectId(text: string): boolean {
  return nullObjectId.test(text);
}
