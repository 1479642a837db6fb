import { textHash } from "../core/agent/text-hash.js";

/**
 * A file name for a path (and a tool call): its bytes in base64url, which any file system takes,
 * without loading node:crypto on every edit. A name past 200 characters keeps its first 150 and
 * an FNV-1a hash of the rest; readers check the path stored inside, so a clash loses
 * observations, never attributes them to another file.
 */
export function fileKey(...parts: string[]): string {
  const name = Buffer.from(parts.join("\0")).toString("base64url");
  return name.length <= 200 ? name : `${name.slice(0, 150)}-${textHash(name)}`;
}
