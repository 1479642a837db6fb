import { PayloadError } from "./agent-event.js";

/**
 * A hook payload's bytes as JSON. Agents write UTF-8, but a payload piped through a Windows shell
 * or a wrapper may arrive as UTF-16 or with a byte order mark: decoded by the mark, or by the NUL
 * bytes every ASCII character of UTF-16 carries.
 */
export function decodePayload(bytes: Uint8Array): unknown {
  const text = payloadText(bytes).trim();
  if (text === "") throw new PayloadError({ kind: "empty" });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PayloadError({ kind: "not-json", error: (error as Error).message });
  }
}

function payloadText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    return buffer.subarray(3).toString("utf8");
  }
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return buffer.subarray(2).toString("utf16le");
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return swapped(buffer.subarray(2));
  if (buffer.length >= 2 && buffer[0] !== 0 && buffer[1] === 0) return buffer.toString("utf16le");
  if (buffer.length >= 2 && buffer[0] === 0 && buffer[1] !== 0) return swapped(buffer);
  return buffer.toString("utf8");
}

/** UTF-16BE as text: Node decodes only the little-endian order. */
function swapped(buffer: Buffer): string {
  const copy = Buffer.from(buffer.subarray(0, buffer.length - (buffer.length % 2)));
  copy.swap16();
  return copy.toString("utf16le");
}
