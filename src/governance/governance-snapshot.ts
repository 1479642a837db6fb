import path from "node:path";
import { intentsFilePath, policyFilePath } from "../core/governance/governance-files.js";
import { ConfigError } from "../errors.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { type GitObject, readObjects } from "../git/read-objects.js";

/**
 * Where governance was read from: a commit, the index (what is staged), the working tree, or —
 * for rules no single commit holds — the rules in force for a commit of a landing, merged from
 * the target's rules and the landing's rules changes (src/land/rules-in-force.ts).
 */
export type GovernanceLocation =
  | { kind: "commit"; rev: string }
  | { kind: "index" }
  | { kind: "worktree" }
  | { kind: "in-force"; rev: string };

/** The raw text of the two governance files at one location; null where a file is absent. */
export interface GovernanceSnapshot {
  location: GovernanceLocation;
  /** For a commit location: the commit's object ID, null when it does not exist (unborn HEAD). */
  commit: string | null;
  intents: string | null;
  policy: string | null;
  /**
   * Names the content of both files, for the compiled-governance cache: git's object IDs when read
   * from git (free, and no hashing module to load on the hook path), a SHA-256 otherwise.
   */
  contentKey: string;
}

/** The name a user recognises for a governance file at a location, used in every message. */
export function fileLabel(location: GovernanceLocation, file: string): string {
  if (location.kind === "commit") return `${location.rev}:${file}`;
  if (location.kind === "index") return `${file} (staged)`;
  if (location.kind === "in-force") return `${file} (the rules in force for ${location.rev})`;
  return file;
}

export function describeLocation(location: GovernanceLocation): string {
  if (location.kind === "commit") return location.rev;
  if (location.kind === "in-force") return `the rules in force for ${location.rev}`;
  return location.kind === "index" ? "the index" : "the working tree";
}

/** Reads both files (and, for a commit, its ID) from a commit or the index with one git process. */
export async function snapshotFromGit(
  dir: string,
  location: GovernanceLocation & { kind: "commit" | "index" },
): Promise<GovernanceSnapshot> {
  const prefix = location.kind === "commit" ? `${location.rev}:` : ":";
  const commitName = location.kind === "commit" ? `${location.rev}^{commit}` : null;
  const intentsName = `${prefix}${intentsFilePath}`;
  const policyName = `${prefix}${policyFilePath}`;
  const objects = await readObjects(dir, [
    ...(commitName ? [commitName] : []),
    intentsName,
    policyName,
  ]);
  const commit = commitName ? (objects.get(commitName)?.oid ?? null) : null;
  return snapshotOf(location, commit, objects.get(intentsName), objects.get(policyName));
}

/** The names under which a commit's governance files are read with `git cat-file`. */
export function governanceObjectNames(rev: string): [string, string] {
  return [`${rev}:${intentsFilePath}`, `${rev}:${policyFilePath}`];
}

/** A snapshot from the two governance files as read from git (undefined or null: absent). */
export function snapshotOf(
  location: GovernanceLocation,
  commit: string | null,
  intents: GitObject | null | undefined,
  policy: GitObject | null | undefined,
): GovernanceSnapshot {
  for (const [object, file] of [
    [intents, intentsFilePath],
    [policy, policyFilePath],
  ] as const) {
    if (object && object.type !== "blob") {
      throw new ConfigError(
        [
          {
            file: fileLabel(location, file),
            message: `is a ${object.type === "tree" ? "directory" : object.type}, not a file`,
          },
        ],
        `Put the ${file === intentsFilePath ? "intents" : "policy"} file itself at ${file} (move what is there aside).`,
      );
    }
  }
  return {
    location,
    commit,
    intents: intents ? intents.content.toString("utf8") : null,
    policy: policy ? policy.content.toString("utf8") : null,
    contentKey: `git-${intents?.oid ?? "none"}-${policy?.oid ?? "none"}`,
  };
}

/** The files as they are on disk (cold paths only: it loads the hashing module). */
export async function snapshotFromWorktree(root: string): Promise<GovernanceSnapshot> {
  const { createHash } = await import("node:crypto");
  const read = (file: string) => readIfExists(path.join(root, file))?.toString("utf8") ?? null;
  const intents = read(intentsFilePath);
  const policy = read(policyFilePath);
  const digest = createHash("sha256")
    .update(JSON.stringify([intents, policy]))
    .digest("hex");
  return {
    location: { kind: "worktree" },
    commit: null,
    intents,
    policy,
    contentKey: `sha256-${digest}`,
  };
}
