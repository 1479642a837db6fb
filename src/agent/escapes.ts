import { existsSync } from "node:fs";
import path from "node:path";
import type { Escape } from "../core/agent/agent-outcome.js";
import { type Clock, isoMillis } from "../core/clock.js";
import { isObjectId } from "../core/commit/object-id.js";
import { notesRef } from "../core/trace/notes-ref.js";
import { FailureError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { isOwnRef } from "../git/own-refs.js";
import {
  commitsBrought,
  commitsSent,
  headCommitOf,
  type RefState,
  unreachedCommits,
} from "../git/ref-values.js";
import type { Repo } from "../git/repo.js";
import { headSnapshot } from "../governance/head-snapshot.js";
import { tracedHere } from "../ledger/traced-here.js";

/**
 * Commits that got onto a branch past the gate, found by comparing the refs before and after an
 * agent's shell command: a branch (or the ref HEAD names, whatever it is, or the detached HEAD)
 * that now reaches commits no branch, HEAD or remote-tracking branch reached before (those were
 * judged where they came from), and without a trace — a note of it, and this clone's ledger's
 * event of it: the landing gate records every commit it lets land, and refuses the rest, so such
 * a commit came in with the hooks off or was written into the ref by hand (a note forged or
 * fetched in by hand has no ledger event). A tag, a note or any other ref counts for nothing: a
 * commit parked there first was judged by no one. None in a repository without rules, and none
 * for a detached HEAD while a rebase, cherry-pick, revert or am is under way (its commits land,
 * judged, when the branch moves). One `git log` per moved ref.
 */
export async function findEscapes(
  repo: Repo,
  before: RefState,
  after: RefState,
): Promise<Escape[]> {
  const moved = Object.keys(after.watched).filter(
    (ref) => !isOwnRef(ref) && after.watched[ref] !== before.watched[ref],
  );
  const headBefore = headCommitOf(before);
  const detached = after.head !== null && isObjectId(after.head) ? after.head : null;
  if (detached && detached !== headBefore && !sequenceUnderWay(repo)) moved.push("HEAD");
  if (moved.length === 0 || (await headSnapshot(repo)).intents === null) return [];
  const known = new Set([
    ...before.remotes,
    ...Object.entries(before.watched)
      .filter(([ref]) => !isOwnRef(ref))
      .map(([, value]) => value),
    ...after.remotes,
  ]);
  if (headBefore) known.add(headBefore);
  const onRef = /^ref: (.+)$/.exec(after.head ?? "")?.[1];
  const escapes: Escape[] = [];
  for (const ref of moved) {
    const tip = ref === "HEAD" ? (detached as string) : (after.watched[ref] as string);
    const brought = await commitsBrought(repo, tip, [...known], notesRef);
    const here = tracedHere(
      repo,
      brought.filter((one) => one.traced).map((one) => one.commit),
    );
    const commits = brought.map((one) => one.commit).filter((commit) => !here.has(commit));
    if (commits.length === 0) continue;
    escapes.push({
      ref,
      old: ref === "HEAD" ? headBefore : (before.watched[ref] ?? null),
      new: tip,
      commits,
      checkedOut: ref === "HEAD" || ref === onRef,
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

/** The escapes kept (as the file holds them, none pruned). */
export function keptEscapes(repo: Repo): KeptEscape[] {
  return readKept(repo);
}

/**
 * Puts back escapes kept before a command that its file no longer holds, and says whether any of
 * them still stands (undone ones are dropped again by standingEscapes, and were no loss).
 */
export async function restoreEscapes(repo: Repo, before: readonly KeptEscape[]): Promise<boolean> {
  let now: KeptEscape[];
  try {
    now = readKept(repo);
  } catch (error) {
    if (!(error instanceof FailureError)) throw error;
    now = []; // damaged by the command: rewritten from what was kept before it
  }
  const lost = before.filter(
    (old) => !now.some((kept) => kept.ref === old.ref && kept.new === old.new),
  );
  if (lost.length === 0) return false;
  writeFileAtomic(escapesFile(repo), `${JSON.stringify([...now, ...lost], null, 2)}\n`);
  const standing = await standingEscapes(repo);
  return lost.some((old) => standing.some((kept) => kept.ref === old.ref && kept.new === old.new));
}

/**
 * The escapes kept; a file that cannot be read as the list (damaged, or not a file) fails, naming
 * it: no escape is taken for undone because its record is gone.
 */
function readKept(repo: Repo): KeptEscape[] {
  const file = escapesFile(repo);
  let value: unknown;
  try {
    const bytes = readIfExists(file, undefined, 1 << 20);
    if (bytes === undefined) return [];
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    value = null;
  }
  if (Array.isArray(value) && value.every(isKeptEscape)) return value;
  throw new FailureError({ kind: "escapes-damaged", file });
}

function isKeptEscape(value: unknown): value is KeptEscape {
  const found = value as Partial<KeptEscape> | null;
  return (
    typeof found === "object" &&
    found !== null &&
    typeof found.ref === "string" &&
    typeof found.new === "string" &&
    Array.isArray(found.commits) &&
    found.commits.every((commit) => typeof commit === "string")
  );
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
  // A commit the landing gate traced since (a branch made for a detached HEAD's commit) is no
  // escape any more.
  const traced = tracedHere(repo, commits);
  const standing = kept
    .map((found) => ({
      ...found,
      commits: found.commits.filter(
        (commit) => isObjectId(commit) && !unreached.has(commit) && !traced.has(commit),
      ),
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
  const sent = await commitsSent(
    repo,
    pushed,
    standing.flatMap((found) => found.commits),
  );
  return standing.filter((found) => found.commits.some((commit) => sent.has(commit)));
}
