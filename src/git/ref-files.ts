import { type Clock, epochSeconds } from "../core/clock.js";
import { runGit } from "./exec.js";
import { recordOwnRef, recordOwnRefNow, withoutHooks } from "./own-refs.js";
import { readObjects } from "./read-objects.js";
import type { Repo } from "./repo.js";

/**
 * Files kept as git objects under one of intentguard's own refs (src/git/own-refs.ts): a commit
 * whose tree holds them, each write a new commit on the last. What an agent's hooks observed is
 * kept this way, where a shell that deletes or edits files in git's directory cannot quietly
 * change it: the ref is guarded, compared after every shell command and at every landing.
 */

/** The files of `folder` in the tree of `rev` (by name): `git ls-tree`, then one cat-file batch. */
export async function readRefFiles(
  repo: Repo,
  rev: string,
  folder: string,
): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const listed = await runGit(repo.root, ["ls-tree", "-z", `${rev}:${folder}`], {
    okExitCodes: [128],
  });
  if (listed.status !== 0) return files; // no such rev or folder: nothing kept
  const entries = listed.stdout
    .toString("utf8")
    .split("\0")
    .map((line) => /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ oid: match[1] as string, name: match[2] as string }));
  const blobs = await readObjects(
    repo.root,
    entries.map((entry) => entry.oid),
  );
  for (const entry of entries) {
    const blob = blobs.get(entry.oid);
    if (blob) files.set(entry.name, blob.content);
  }
  return files;
}

/** One file of the tree of `rev`; null when the rev or the file does not exist. */
export async function readRefFile(repo: Repo, rev: string, file: string): Promise<Buffer | null> {
  const name = `${rev}:${file}`;
  return (await readObjects(repo.root, [name])).get(name)?.content ?? null;
}

/**
 * Writes `changes` (a path and its new content; null removes it) as a new commit of `ref` on top
 * of `parent` (null: a tree of only these), with one `git fast-import` and no hooks, forced: the
 * caller holds the store's lock and names the parent it read. Records the ref's new value as
 * intentguard's.
 */
export async function commitRefFiles(
  repo: Repo,
  clock: Clock,
  ref: string,
  parent: string | null,
  changes: ReadonlyMap<string, Buffer | null>,
  message: string,
): Promise<void> {
  const text = Buffer.from(`${message}\n`);
  const parts: Buffer[] = [
    Buffer.from(
      `commit ${ref}\ncommitter intentguard <intentguard@invalid> ${epochSeconds(clock.now())} +0000\ndata ${text.length}\n`,
    ),
    text,
    Buffer.from(parent ? `from ${parent}\n` : "deleteall\n"),
  ];
  for (const [file, content] of changes) {
    if (content === null) {
      parts.push(Buffer.from(`D ${file}\n`));
    } else {
      parts.push(Buffer.from(`M 100644 inline ${file}\ndata ${content.length}\n`), content);
      parts.push(Buffer.from("\n"));
    }
  }
  parts.push(Buffer.from("\ndone\n"));
  await runGit(repo.root, [...withoutHooks, "fast-import", "--quiet", "--done", "--force"], {
    input: Buffer.concat(parts),
  });
  await recordOwnRefNow(repo, ref);
}

/** Removes one of intentguard's own refs (no hooks), and records that it is gone. */
export async function removeRefFiles(repo: Repo, ref: string): Promise<void> {
  await runGit(repo.root, [...withoutHooks, "update-ref", "-d", ref], { okExitCodes: [1] });
  recordOwnRef(repo, ref, null);
}
