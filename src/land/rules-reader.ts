import { rulesFilePaths } from "../core/governance/governance-files.js";
import type { CommitDiff } from "../core/trace/commit-diff.js";
import { ConfigError } from "../errors.js";
import type { CatFileSession } from "../git/cat-file-batch.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import {
  type GovernanceSnapshot,
  governanceObjectNames,
  snapshotOf,
} from "../governance/governance-snapshot.js";

/** A commit's rules as read, or why they cannot be read (the intents "file" is a directory). */
export type RulesAt = GovernanceSnapshot | ConfigError;

/**
 * The rules files of the commits a landing needs, read through its one `git cat-file --batch`
 * and kept by commit: in the usual landing that is a handful of reads — the start, the parents
 * that changed the rules, merges — never one per commit, because a commit that changes no rule
 * and is no merge has its parent's (carry).
 */
export class RulesReader {
  private readonly known = new Map<string, Promise<RulesAt>>();

  constructor(
    readonly session: CatFileSession,
    /** How messages name a commit ("HEAD" for the parent of the commit being made). */
    private readonly label: (commit: string) => string = (commit) => commit.slice(0, 12),
  ) {}

  at(commit: string): Promise<RulesAt> {
    return this.readAll([commit]).then(([read]) => read as RulesAt);
  }

  /** Reads several commits' rules with one round trip; each commit's once, however often asked. */
  readAll(commits: readonly string[]): Promise<RulesAt[]> {
    const missing = [...new Set(commits.filter((commit) => !this.known.has(commit)))];
    if (missing.length > 0) {
      const objects = new Map<string, GitObject | null>();
      const names = missing.flatMap(governanceObjectNames);
      const read = this.session.read(names, (name, object) => collectInto(objects, name, object));
      for (const commit of missing) {
        const rules = read.then(() => {
          const [intents, policy] = governanceObjectNames(commit).map((name) => objects.get(name));
          const location = { kind: "commit", rev: this.label(commit) } as const;
          try {
            return snapshotOf(location, commit, intents, policy);
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            return error; // every commit judged by it fails with it
          }
        });
        rules.catch(() => {}); // a failed read rejects for whoever asks, never unobserved
        this.known.set(commit, rules);
      }
    }
    return Promise.all(commits.map((commit) => this.known.get(commit) as Promise<RulesAt>));
  }

  /**
   * A commit that is no merge and touches no rules file has its first parent's rules: known
   * without reading them, for its children (relabelled, so a message names the commit).
   */
  carry(diff: CommitDiff): void {
    const { sha, parents } = diff.commit;
    const [first] = parents;
    if (first === undefined || parents.length > 1 || this.known.has(sha)) return;
    if (diff.changes.some((change) => touchesRules(change.path, change.oldPath))) return;
    const parent = this.known.get(first);
    if (parent === undefined) return;
    const location = { kind: "commit", rev: this.label(sha) } as const;
    this.known.set(
      sha,
      parent.then((rules) =>
        rules instanceof ConfigError ? rules : { ...rules, location, commit: sha },
      ),
    );
  }
}

/** Whether a change touches a rules file (or a directory in its place). */
function touchesRules(path: string, oldPath: string | null): boolean {
  return rulesFilePaths.some(
    (file) => file === path || file === oldPath || file.startsWith(`${path}/`),
  );
}
