import { existsSync } from "node:fs";
import path from "node:path";
import type { Escape } from "../core/agent/agent-outcome.js";
import { type Clock, isoMillis } from "../core/clock.js";
import { isObjectId } from "../core/commit/object-id.js";
import { notesRef } from "../core/trace/notes-ref.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import {
  commitsBrought,
  commitsSent,
  headCommitOf,
  type RefState,
  unreachedCommits,
} from "../git/ref-values.js";
import type { Repo } from "../git/repo.js";
import { headSnapshot } from "../governance/head-snapshot.js";

/**
 * Commits that got onto a branch past the gate, found by comparing the refs before and after an
 * agent's shell command: a branch (or the detached HEAD) that now reaches commits reachable from
 * no ref before it, on no remote-tracking branch (those were judged where they came from), and
 * without a trace record — the landing gate records every commit it lets land, and refuses the
 * rest, so such a commit came in with the hooks off or was written into the ref by hand. None in
 * a repository without rules, and none for a detached HEAD while a rebase, cherry-pick, revert or
 * am is under way (its commits land, judged, when the branch moves). One `git log` per moved ref.
 */
export async function findEscapes(
  repo: Repo,
  before: RefState,
  after: RefState,
): Promise<Escape[]> {
  const moved = Object.keys(after.watched).filter(
    (ref) => ref.startsWith("refs/heads/") && after.watched[ref] !== before.watched[ref],
  );
  const headBefore = headCommitOf(before);
  const detached = after.head !== null && isObjectId(after.head) ? after.head : null;
  if (detached && detached !== headBefore && !sequenceUnderWay(repo)) moved.push("HEAD");
  if (moved.length === 0 || (await headSnapshot(repo)).intents === null) return [];
  const known = new Set([
    ...before.values,
    ...before.remotes,
    ...Object.values(before.watched),
    ...after.remotes,
  ]);
  if (headBefore) known.add(headBefore);
  const onBranch = /^ref: (.+)$/.exec(after.head ?? "")?.[1];
  const escapes: Escape[] = [];
  for (const ref of moved) {
    const tip = ref === "HEAD" ? (detached as string) : (after.watched[ref] as string);
    const brought = await commitsBrought(repo, tip, [...known], notesRef);
    const commits = brought.filter((one) => !one.traced).map((one) => one.commit);
    if (commits.length === 0) continue;
    escapes.push({
      ref,
      old: ref === "HEAD" ? headBefore : (before.watched[ref] ?? null),
      new: tip,
      commits,
      checkedOut: ref === "HEAD" || ref === onBranch,
    });
  }
  return escapes;
}

/** Whether git is in the middle of replaying commits in this work tree (HEAD detached on purpose). */
function sequenceUnderWay(repo: Repo): boolean {
  return [
    ...repo.rebaseDirs,
    path.join(repo.gitDir, "CHERRY_PICK_HEAD"),
    path.join(repo.gitDir, "REVERT_HEAD"),
    path.join(repo.gitDir, "sequencer"),
    path.join(repo.gitDir, "BISECT_LOG"),
  ].some((file) => existsSync(file));
}

/** An escape as kept until it is undone: when, by which agent and session, in which work tree. */
export interface KeptEscape extends Escape {
  at: string;
  agent: string;
  session: string | null;
  workTree: string;
}

/** One list for the repository: its branches are every work tree's, and pre-push is the clone's. */
function escapesFile(repo: Repo): string {
  return path.join(repo.commonDir, "intentguard", "escapes.json");
}

function readKept(repo: Repo): KeptEscape[] {
  try {
    const value = JSON.parse(
      readIfExists(escapesFile(repo), undefined, 1 << 20)?.toString("utf8") ?? "[]",
    ) as unknown;
    return Array.isArray(value) ? (value as KeptEscape[]) : [];
  } catch {
    return [];
  }
}

/** Keeps escapes just found, with who and when. */
export function keepEscapes(
  repo: Repo,
  clock: Clock,
  escapes: readonly Escape[],
  by: { agent: string; session: string | null },
): void {
  if (escapes.length === 0) return;
  const at = isoMillis(clock.now());
  const kept = readKept(repo).filter(
    (old) => !escapes.some((found) => found.ref === old.ref && found.new === old.new),
  );
  const added = escapes.map((found) => ({ ...found, at, ...by, workTree: repo.root }));
  writeFileAtomic(escapesFile(repo), `${JSON.stringify([...kept, ...added], null, 2)}\n`);
}

/**
 * The escapes still standing: those whose commits a branch or a HEAD still reaches (an escape
 * undone — the branch reset, the commits dropped — is forgotten here).
 */
export async function standingEscapes(repo: Repo): Promise<KeptEscape[]> {
  const kept = readKept(repo);
  if (kept.length === 0) return [];
  const commits = [...new Set(kept.flatMap((found) => found.commits))].filter(isObjectId);
  const unreached = await unreachedCommits(repo, commits);
  const standing = kept
    .map((found) => ({
      ...found,
      commits: found.commits.filter((commit) => isObjectId(commit) && !unreached.has(commit)),
    }))
    .filter((found) => found.commits.length > 0);
  if (standing.length !== kept.length) {
    writeFileAtomic(escapesFile(repo), `${JSON.stringify(standing, null, 2)}\n`);
  }
  return standing;
}

/** Which escapes still standing a push would send (pre-push refuses it). */
export async function pushedEscapes(
  repo: Repo,
  pushed: readonly { local: string; remote: string | null }[],
): Promise<KeptEscape[]> {
  const standing = await standingEscapes(repo);
  if (standing.length === 0 || pushed.length === 0) return [];
  const sent = await commitsSent(repo, pushed);
  return standing.filter((found) => found.commits.some((commit) => sent.has(commit)));
}
