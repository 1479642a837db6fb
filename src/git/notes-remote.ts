import { notesRef } from "../core/trace/notes-ref.js";
import { GitError } from "../errors.js";
import { runGit } from "./exec.js";
import { recordOwnRefNow, withoutHooks } from "./own-refs.js";
import type { Repo } from "./repo.js";
import { refTip, startsLikeOption } from "./revisions.js";

/** Network git runs must never wait for a password prompt inside a hook. */
const networkEnv = () => ({ ...process.env, GIT_TERMINAL_PROMPT: "0" });

export type RemoteResult = { ok: true } | { ok: false; stderr: string };

/**
 * The remote and refspec as git push's and fetch's last arguments: after `--end-of-options`
 * (honoured by both since git 2.24), so a remote named "--upload-pack=…" is a remote git cannot
 * find, never an option. Callers refuse such a name with a message first; reaching this is a bug.
 */
function remoteArguments(remote: string, refspec: string): string[] {
  if (startsLikeOption(remote))
    throw new Error(`refusing to pass ${JSON.stringify(remote)} to git`);
  return ["--end-of-options", remote, refspec];
}

/** Pushes our notes ref to the same ref on `remote`, without forcing and without hooks. */
export async function pushNotesRef(dir: string, remote: string): Promise<RemoteResult> {
  return remoteCall(dir, [
    "push",
    "--no-verify",
    "--quiet",
    ...remoteArguments(remote, `${notesRef}:${notesRef}`),
  ]);
}

/** Fetches `remote`'s notes ref into `into` (forced: it is a scratch ref). */
export async function fetchNotesRef(
  dir: string,
  remote: string,
  into: string,
): Promise<RemoteResult> {
  return remoteCall(dir, [
    "fetch",
    "--quiet",
    "--no-tags",
    ...remoteArguments(remote, `+${notesRef}:${into}`),
  ]);
}

async function remoteCall(dir: string, args: string[]): Promise<RemoteResult> {
  try {
    await runGit(dir, args, { env: networkEnv() });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return { ok: false, stderr: error.stderr.trim() };
  }
}

/**
 * Merges the notes at `incoming` into ours with the cat_sort_uniq strategy (notes are JSONL, so
 * the union of both sides' lines is a valid note holding every record); takes them as they are
 * when we have none.
 */
export async function mergeNotesFrom(repo: Repo, incoming: string): Promise<void> {
  if ((await refTip(repo.root, notesRef)) === null) {
    await runGit(repo.root, [...withoutHooks, "update-ref", notesRef, incoming]);
  } else {
    await runGit(repo.root, [
      ...withoutHooks,
      "notes",
      `--ref=${notesRef}`,
      "merge",
      "--quiet",
      "-s",
      "cat_sort_uniq",
      incoming,
    ]);
  }
  await recordOwnRefNow(repo, notesRef);
}

export async function deleteRef(dir: string, ref: string): Promise<void> {
  await runGit(dir, ["update-ref", "-d", ref], { okExitCodes: [1] });
}

/** The current branch's remote, else origin. */
export async function defaultRemote(dir: string): Promise<string> {
  const branch = await runGit(dir, ["symbolic-ref", "-q", "--short", "HEAD"], { okExitCodes: [1] });
  const name = branch.stdout.toString("utf8").trim();
  if (name) {
    const remote = await runGit(dir, ["config", "--get", `branch.${name}.remote`], {
      okExitCodes: [1],
    });
    const configured = remote.stdout.toString("utf8").trim();
    if (configured) return configured;
  }
  return "origin";
}

/** The remotes configured in this repository (`git remote`). */
export async function listRemotes(dir: string): Promise<string[]> {
  const { stdout } = await runGit(dir, ["remote"]);
  return stdout.toString("utf8").split("\n").filter(Boolean);
}

/**
 * Where `git fetch` and `git pull` put `remote`'s notes once install has added this refspec: a
 * remote-tracking notes ref, never ours, so a fetch cannot overwrite a local record. The
 * reference-transaction hook merges it into ours as the fetch completes (cat_sort_uniq). A
 * pattern (`intentguard*`), because git fails a whole fetch over an exact refspec the remote does
 * not have — a new remote before the first push, an upstream that never gets notes — and finds
 * nothing to do for a pattern that matches nothing.
 */
export function notesFetchRefspec(remote: string): string {
  return `+${notesRef}*:refs/notes/remotes/${remote}/intentguard*`;
}

/**
 * Whether this clone has no trace notes at all (our notes ref does not exist) while it has a
 * remote the team's could be fetched from: git clone brings no refs/notes/*, so readers would
 * otherwise call every commit untraced without saying why.
 */
export async function notesNotFetched(dir: string): Promise<boolean> {
  const [tip, remotes] = await Promise.all([refTip(dir, notesRef), listRemotes(dir)]);
  return tip === null && remotes.length > 0;
}
