import { createHash } from "node:crypto";
import { catFileBatch } from "./cat-file-batch.js";

/** A blob's SHA-256 (`sha256:<hex>`) and git object ID. */
export interface BlobDigest {
  oid: string;
  sha256: string;
}

/**
 * Hashes blobs by object ID with one `git cat-file --batch`, each as its bytes stream in, so a
 * commit's blobs are hashed without holding them. Missing objects map to null.
 */
export async function hashBlobs(oids: readonly string[]): Promise<Map<string, BlobDigest | null>> {
  const digests = new Map<string, BlobDigest | null>();
  const unique = [...new Set(oids)];
  await catFileBatch(unique, (name, object) => {
    if (!object) {
      digests.set(name, null);
      return null;
    }
    const hash = createHash("sha256");
    return {
      write: (bytes) => hash.update(bytes),
      end: () => digests.set(name, { oid: object.oid, sha256: `sha256:${hash.digest("hex")}` }),
    };
  });
  return digests;
}
