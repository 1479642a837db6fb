import { createHash } from "node:crypto";
import { catFileBatch } from "./cat-file-batch.js";
import { collectInto, type GitObject } from "./read-objects.js";

/** A blob's SHA-256 (`sha256:<hex>`) and git object ID. */
export interface BlobDigest {
  oid: string;
  sha256: string;
}

export interface BlobsRead {
  /** By object ID; null when missing. */
  digests: Map<string, BlobDigest | null>;
  /** The objects asked for whole (e.g. `<rev>:<path>` of small files); null when missing. */
  whole: Map<string, GitObject | null>;
}

/**
 * One `git cat-file --batch` for a commit's blobs and a few small files: blobs are hashed as
 * their bytes stream in, so a commit's content is never held; the small files (`wholeNames`,
 * such as the rules at the parent) are kept. One process instead of two on the post-commit path.
 */
export async function readBlobs(
  dir: string,
  oids: readonly string[],
  wholeNames: readonly string[] = [],
): Promise<BlobsRead> {
  const digests = new Map<string, BlobDigest | null>();
  const whole = new Map<string, GitObject | null>();
  const keep = new Set(wholeNames);
  await catFileBatch(dir, [...wholeNames, ...new Set(oids)], (name, object) => {
    if (keep.has(name)) return collectInto(whole, name, object);
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
  return { digests, whole };
}
