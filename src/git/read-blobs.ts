import { createHash } from "node:crypto";
import { catFileBatch, type SinkFactory } from "./cat-file-batch.js";
import { collectInto, type GitObject } from "./read-objects.js";

/** A blob's SHA-256 (`sha256:<hex>`), git object ID, and whether its content is binary. */
export interface BlobDigest {
  oid: string;
  sha256: string;
  /**
   * A NUL in its first 8,000 bytes: git's own test of content (buffer_is_binary), applied here so
   * that no `.gitattributes` (`-diff`, `binary`) can make a record depend on configuration.
   */
  binary: boolean;
}

/** How far into a blob git looks for a NUL to call it binary. */
const binaryProbe = 8000;

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
  const digest = digestInto(digests);
  await catFileBatch(dir, [...wholeNames, ...new Set(oids)], (name, object) =>
    keep.has(name) ? collectInto(whole, name, object) : digest(name, object),
  );
  return { digests, whole };
}

/**
 * A sink factory that hashes each blob as its bytes stream in, and tells binary content by git's
 * own test, into `digests` (null for a missing name).
 */
export function digestInto(digests: Map<string, BlobDigest | null>): SinkFactory {
  return (name, object) => {
    if (!object) {
      digests.set(name, null);
      return null;
    }
    const hash = createHash("sha256");
    let seen = 0;
    let binary = false;
    return {
      write: (bytes) => {
        hash.update(bytes);
        if (!binary && seen < binaryProbe)
          binary = bytes.subarray(0, binaryProbe - seen).includes(0);
        seen += bytes.length;
      },
      end: () => {
        const sha256 = `sha256:${hash.digest("hex")}`;
        digests.set(name, { oid: object.oid, sha256, binary });
      },
    };
  };
}
