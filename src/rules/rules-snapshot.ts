import { readFile } from "node:fs/promises";
import path from "node:path";
import { intentsFilePath, policyFilePath } from "../core/governance.js";
import { readObjects } from "../git/read-objects.js";

/** Where rules were read from: a commit, the index (what is staged), or the working tree. */
export type RulesLocation =
  | { kind: "commit"; rev: string }
  | { kind: "index" }
  | { kind: "worktree" };

/** The raw text of the two rules files at one location; null where a file is absent. */
export interface RulesSnapshot {
  location: RulesLocation;
  /** For a commit location: the commit's object ID, null when it does not exist (unborn HEAD). */
  commit: string | null;
  intents: string | null;
  policy: string | null;
}

/** The name a user recognises for a rules file at a location, used in every message. */
export function fileLabel(location: RulesLocation, file: string): string {
  if (location.kind === "commit") return `${location.rev}:${file}`;
  if (location.kind === "index") return `${file} (staged)`;
  return file;
}

export function describeLocation(location: RulesLocation): string {
  if (location.kind === "commit") return location.rev;
  return location.kind === "index" ? "the index" : "the working tree";
}

/** Reads both files (and, for a commit, its ID) from a commit or the index with one git process. */
export async function snapshotFromGit(
  location: RulesLocation & { kind: "commit" | "index" },
): Promise<RulesSnapshot> {
  const prefix = location.kind === "commit" ? `${location.rev}:` : ":";
  const commitName = location.kind === "commit" ? `${location.rev}^{commit}` : null;
  const intentsName = `${prefix}${intentsFilePath}`;
  const policyName = `${prefix}${policyFilePath}`;
  const objects = await readObjects([...(commitName ? [commitName] : []), intentsName, policyName]);
  return {
    ...snapshot(location, objects.get(intentsName)?.content, objects.get(policyName)?.content),
    commit: commitName ? (objects.get(commitName)?.oid ?? null) : null,
  };
}

export async function snapshotFromWorktree(root: string): Promise<RulesSnapshot> {
  const read = (file: string) => readFile(path.join(root, file)).catch(() => undefined);
  const [intents, policy] = await Promise.all([read(intentsFilePath), read(policyFilePath)]);
  return snapshot({ kind: "worktree" }, intents, policy);
}

export function snapshot(
  location: RulesLocation,
  intents: Buffer | undefined,
  policy: Buffer | undefined,
): RulesSnapshot {
  return {
    location,
    commit: null,
    intents: intents ? intents.toString("utf8") : null,
    policy: policy ? policy.toString("utf8") : null,
  };
}
