import { catFileBatch, type ObjectSink } from "./cat-file-batch.js";

export interface GitObject {
  oid: string;
  type: string;
  content: Buffer;
}

/**
 * Reads several small objects named like `HEAD:path` or `:path` (the index) with one
 * `git cat-file --batch`. A name that does not resolve maps to null.
 */
export async function readObjects(
  dir: string,
  names: readonly string[],
): Promise<Map<string, GitObject | null>> {
  const objects = new Map<string, GitObject | null>();
  await catFileBatch(dir, names, (name, object) => collectInto(objects, name, object));
  return objects;
}

/** A sink that keeps an object whole in `objects` (null when git says it is missing). */
export function collectInto(
  objects: Map<string, GitObject | null>,
  name: string,
  object: Omit<GitObject, "content"> | null,
): ObjectSink | null {
  if (!object) {
    objects.set(name, null);
    return null;
  }
  const chunks: Buffer[] = [];
  return {
    write: (bytes) => chunks.push(Buffer.from(bytes)),
    end: () => objects.set(name, { ...object, content: Buffer.concat(chunks) }),
  };
}
