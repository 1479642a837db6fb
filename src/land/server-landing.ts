import type { RangeCheck } from "../core/check/range-check.js";
import type { Environment } from "../environment.js";
import { IntentguardError } from "../errors.js";
import { readGitConfig } from "../git/config.js";
import { serverDefaultBranch } from "../git/default-branch.js";
import { commitIfPresent } from "../git/history-bounds.js";
import { firstGovernedRef } from "../git/landing-history.js";
import type { Repo } from "../git/repo.js";
import { adoptionCheck, serverRefs } from "./adoption.js";
import { checkRange } from "./check-range.js";
import type { Landing } from "./judge-landing.js";

/** One `<old> <new> <ref>` line of a push. */
export interface PushedRef {
  old: string;
  new: string;
  ref: string;
}

/**
 * The server's own settings, from its git config (`git config intentguard.<key>` in the bare
 * repository) — never from the pushed policy file, which the pusher controls.
 */
export interface ServerSettings {
  /** intentguard.defaultBranch: the default branch, when HEAD does not name one that exists. */
  defaultBranch: string | undefined;
  /** intentguard.allowReplaceRefs: accept pushes to refs/replace/* (refused by default). */
  allowReplaceRefs: boolean;
  /**
   * intentguard.judgedFrom: a commit whose history (itself included) is not judged — for a
   * history imported into a new server, whose commits before it were never judged.
   */
  judgedFrom: string | undefined;
}

/** Why a pushed ref is refused before any of its commits is judged. */
export type PushRefusal =
  | { kind: "replace-ref"; ref: string }
  /** A new branch or tag, where the server cannot tell its default branch. */
  | { kind: "no-default-branch"; ref: string; head: string | null }
  /** A pushed ref lands several adoptions, or adopts where another pushed ref adopts too. */
  | { kind: "several-adoptions"; commits: string[] };

/** A push as judged: each ref's check, and what is refused outright. */
export interface PushJudgement {
  checks: { ref: string; check: RangeCheck }[];
  refusals: PushRefusal[];
}

const absent = (oid: string) => /^0+$/.test(oid);

/**
 * pre-receive: every ref a push moves, judged as a landing on that ref — where the rules in force
 * start at its old value; a new branch, or a tag, lands on the default branch. Commits the
 * default branch has are not judged again on another branch. Pushes to refs/replace/* are
 * refused (git would show those objects instead of the stored ones), a new branch is refused
 * where the default branch cannot be told (unless the push is the repository's first adoption),
 * and one push adopts at most once. Deletions are never judged.
 */
export async function judgePush(
  repo: Repo,
  env: Environment,
  pushed: readonly PushedRef[],
): Promise<PushJudgement> {
  const dir = repo.root;
  const settings = await serverSettings(dir);
  const defaultBranch = await serverDefaultBranch(dir, settings.defaultBranch);
  const head = defaultBranch.tip ? { ref: defaultBranch.ref, tip: defaultBranch.tip } : null;
  const checks: PushJudgement["checks"] = [];
  const refusals: PushRefusal[] = [];
  const adoptions = new Set<string>();
  for (const update of pushed) {
    if (absent(update.new)) continue; // a deletion brings nothing
    if (update.ref.startsWith("refs/replace/")) {
      if (!settings.allowReplaceRefs) refusals.push({ kind: "replace-ref", ref: update.ref });
      continue;
    }
    const branch = update.ref.startsWith("refs/heads/");
    if (!branch && !update.ref.startsWith("refs/tags/")) continue; // notes, custom refs
    const newTip = await commitIfPresent(dir, update.new);
    if (newTip === null) continue; // a tag of a blob or tree brings no commit
    const created = absent(update.old) || !branch;
    let start: string | null = created ? (head?.tip ?? null) : update.old;
    if (created && head === null) {
      // The default branch itself, pushed for the first time, has nothing before it; anything
      // else needs the default branch, unless no ref here has rules yet (the first adoption).
      const itself = branch && update.ref === defaultBranch.ref;
      if (!itself && (await firstGovernedRef(dir, serverRefs)) !== null) {
        refusals.push({ kind: "no-default-branch", ref: update.ref, head: defaultBranch.ref });
        continue;
      }
      start = null;
    }
    const onDefault = head !== null && update.ref === head.ref;
    const exempt = [
      ...(head && !onDefault && !created ? [head.tip] : []),
      ...(settings.judgedFrom ? [settings.judgedFrom] : []),
    ];
    const landing: Landing = {
      target: update.ref.replace(/^refs\/heads\//, ""),
      start,
      newTip,
      exempt,
      result: created && start !== null ? "merge" : "tip",
      adoption: (found) => adoptionCheck(dir, found, serverRefs),
      leavingRules: "error",
    };
    const source = {
      kind: `push to ${update.ref}`,
      spec: start ? `${start}..${newTip}` : newTip,
      base: start,
      head: newTip,
    };
    const check = await checkRange({ repo, env, source, landing, verifyTraces: false });
    for (const commit of check.commits) {
      if (commit.verdict?.kind === "adoption") adoptions.add(commit.commit);
    }
    checks.push({ ref: update.ref, check });
  }
  if (adoptions.size > 1) refusals.push({ kind: "several-adoptions", commits: [...adoptions] });
  return { checks, refusals };
}

async function serverSettings(dir: string): Promise<ServerSettings> {
  const [defaultBranch, allowReplaceRefs, judgedFrom] = await Promise.all([
    readGitConfig(dir, "intentguard.defaultBranch"),
    readGitConfig(dir, "intentguard.allowReplaceRefs"),
    readGitConfig(dir, "intentguard.judgedFrom"),
  ]);
  let judgedFromCommit: string | undefined;
  if (judgedFrom) {
    judgedFromCommit = (await commitIfPresent(dir, judgedFrom)) ?? undefined;
    if (judgedFromCommit === undefined) {
      throw new IntentguardError(
        `the server's git config intentguard.judgedFrom is ${JSON.stringify(judgedFrom)}, which names no commit in this repository, so intentguard cannot tell which history to leave unjudged and refuses the push. Set it to a commit the repository has (git config intentguard.judgedFrom <sha>), or unset it.`,
      );
    }
  }
  return {
    defaultBranch: defaultBranch || undefined,
    allowReplaceRefs: /^(true|yes|on|1)$/i.test(allowReplaceRefs ?? ""),
    judgedFrom: judgedFromCommit,
  };
}
