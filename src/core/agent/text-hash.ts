/**
 * A cheap fingerprint of a text (its length and FNV-1a hash, 32 bits): what tells whether two
 * texts are the same without loading node:crypto in an agent's hook. Not for security: a clash
 * only costs an attribution. Bytes hash as the latin1 text of them does, without the copy.
 */
export function textHash(text: string | Uint8Array): string {
  let hash = 0x811c9dc5;
  if (typeof text === "string") {
    for (let index = 0; index < text.length; index++) {
      hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
    }
  } else {
    for (let index = 0; index < text.length; index++) {
      hash = Math.imul(hash ^ (text[index] as number), 0x01000193) >>> 0;
    }
  }
  return `${text.length}-${hash.toString(16)}`;
}
