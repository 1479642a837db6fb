import type { RangeCheck } from "../core/check/range-check.js";
import type { Clock } from "../core/clock.js";
import { adoptionRepeatedFinding } from "../core/judge/landing-findings.js";
import type { Environment } from "../environment.js";
import { ExitCode, FailureError } from "../errors.js";
import { readGitConfig, setGitConfig } from "../git/config.js";
import { serverDefaultBranch } from "../git/default-branch.js";
import { commitIfPresent, objectPresent } from "../git/history-bounds.js";
import { firstGovernedRef } from "../git/landing-history.js";
import type { Repo } from "../git/repo.js";
import { startsLikeOption } from "../git/revisions.js";
import { adoptionCheck, serverRefs } from "./adoption.js";
import { addLandingFinding, checkRange } from "./check-range.js";
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
  /**
   * intentguard.adopted: written by pre-receive once this server holds rules (the adoption
   * commit, or `yes`): from then on nothing pushed starts with no rules in force, even after
   * every governed ref was deleted.
   */
  adopted: string | undefined;
  /** intentguard.allowDefaultBranchDeletion: let a push delete the default branch. */
  allowDefaultBranchDeletion: boolean;
}

/** Why a pushed ref is refused before any of its commits is judged. */
export type PushRefusal =
  | { kind: "replace-ref"; ref: string }
  /** A new branch or tag, where the server cannot tell its default branch. */
  | { kind: "no-default-branch"; ref: string; head: string | null; configured: boolean }
  /** The default branch, deleted: its rules in force would go with it. */
  | { kind: "default-branch-deleted"; ref: string }
  /** The default branch, created again on a server that holds rules: nothing would be in force. */
  | { kind: "default-branch-recreated"; ref: string }
  /** A ref whose old value this repository does not have (a damaged repository). */
  | { kind: "old-missing"; ref: string; old: string }
  /** refs/Heads/…, refs/TAGS/…: a branch or tag in another case, one file with it on some systems. */
  | { kind: "ref-case"; ref: string }
  /** A ref whose new value the hook cannot read: git's quarantine is not in its environment. */
  | { kind: "new-missing"; ref: string; new: string };

/** A push as judged: each ref's check, and what is refused outright. */
export interface PushJudgement {
  checks: { ref: string; check: RangeCheck }[];
  refusals: PushRefusal[];
  /**
   * What to record as `intentguard.adopted` once the push is accepted (recordAdoption): this
   * server holds rules from then on. Null when it is recorded already, or holds none.
   */
  adoption: string | null;
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
  clock: Clock,
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
    if (absent(update.new)) {
      // A deletion brings nothing to judge; the default branch's takes its rules in force along.
      if (
        update.ref === defaultBranch.ref &&
        !settings.allowDefaultBranchDeletion &&
        !absent(update.old) &&
        (await firstGovernedRef(dir, [update.ref])) !== null
      ) {
        refusals.push({ kind: "default-branch-deleted", ref: update.ref });
      }
      continue;
    }
    if (update.ref.startsWith("refs/replace/")) {
      if (!settings.allowReplaceRefs) refusals.push({ kind: "replace-ref", ref: update.ref });
      continue;
    }
    const branch = update.ref.startsWith("refs/heads/");
    if (!branch && !update.ref.startsWith("refs/tags/")) {
      // On a case-insensitive file system (a macOS or Windows server), refs/Heads/main is the
      // file of refs/heads/main: judged as nothing, it would move the branch unjudged.
      if (/^refs\/(heads|tags)\//i.test(update.ref)) {
        refusals.push({ kind: "ref-case", ref: update.ref });
      }
      continue; // notes, custom refs
    }
    const newTip = await commitIfPresent(dir, update.new);
    if (newTip === null) {
      // A tag of a blob or tree brings no commit; an object git cannot show at all (a wrapper
      // that dropped git's quarantine environment) is refused, never let through unjudged.
      if (!(await objectPresent(dir, update.new))) {
        refusals.push({ kind: "new-missing", ref: update.ref, new: update.new });
      }
      continue;
    }
    const created = absent(update.old) || !branch;
    if (!created && (await commitIfPresent(dir, update.old)) === null) {
      refusals.push({ kind: "old-missing", ref: update.ref, old: update.old });
      continue;
    }
    let start: string | null = created ? (head?.tip ?? null) : update.old;
    if (created && head === null) {
      // The default branch itself, pushed for the first time, has nothing before it; anything
      // else needs the default branch, unless no ref here has rules yet (the first adoption).
      const itself = branch && update.ref === defaultBranch.ref;
      const governed =
        settings.adopted !== undefined || (await firstGovernedRef(dir, serverRefs)) !== null;
      if (itself && settings.adopted !== undefined) {
        refusals.push({ kind: "default-branch-recreated", ref: update.ref });
        continue;
      }
      if (!itself && governed) {
        refusals.push({
          kind: "no-default-branch",
          ref: update.ref,
          head: defaultBranch.ref,
          configured: settings.defaultBranch !== undefined,
        });
        continue;
      }
      start = null;
    }
    const onDefault = head !== null && update.ref === head.ref;
    const exempt = [
      ...(head && !onDefault && !created ? [head.tip] : []),
      ...(settings.judgedFrom ? [settings.judgedFrom] : []),
    ];
    // A new branch or a tag is proposed for a merge into the default branch: that is where it
    // lands, and what a finding's fix must name (rebase onto main, not onto the new branch).
    const mergeInto = created && start !== null ? head : null;
    const landing: Landing = {
      target: (mergeInto?.ref ?? update.ref).replace(/^refs\/heads\//, ""),
      start,
      newTip,
      exempt,
      result: mergeInto ? "merge" : "tip",
      adoption: (found) => adoptionCheck(dir, found, serverRefs),
      leavingRules: "error",
    };
    const source = {
      kind: `push to ${update.ref}`,
      spec: start ? `${start}..${newTip}` : newTip,
      base: start,
      head: newTip,
    };
    const check = await checkRange({
      repo,
      clock,
      env,
      source,
      landing,
      verifyTraces: false,
    });
    for (const commit of check.commits) {
      if (commit.verdict?.kind === "adoption") adoptions.add(commit.commit);
    }
    checks.push({ ref: update.ref, check });
  }
  if (adoptions.size > 1) refuseRepeatedAdoptions(checks, adoptions);
  const [adopting] = adoptions;
  const adoption =
    settings.adopted !== undefined
      ? null
      : (adopting ?? ((await firstGovernedRef(dir, serverRefs)) === null ? null : "yes"));
  return { checks, refusals, adoption };
}

/**
 * One push adopts at most once: each ref's adoption commit, allowed on its own, is refused
 * (`adoption_repeated`) where other commits of the push adopt too — in that ref's report, so no
 * ref of the push says it is allowed. A commit its own landing already refused for a repeated
 * adoption is not told twice.
 */
function refuseRepeatedAdoptions(
  checks: PushJudgement["checks"],
  adoptions: ReadonlySet<string>,
): void {
  for (const { check } of checks) {
    for (const { commit, verdict } of check.commits) {
      if (verdict?.kind !== "adoption") continue;
      const told = check.findings.some(
        (finding) => finding.commit === commit && finding.rule === "adoption_repeated",
      );
      if (told) continue;
      const others = [...adoptions].filter((other) => other !== commit);
      addLandingFinding(
        check,
        commit,
        adoptionRepeatedFinding({ kind: "several-in-push", others }),
      );
    }
  }
}

/** Records that this server holds rules (after pre-receive accepted the push that brought them). */
export async function recordAdoption(repo: Repo, adoption: string): Promise<void> {
  await setGitConfig(repo.root, "intentguard.adopted", adoption);
}

async function serverSettings(dir: string): Promise<ServerSettings> {
  const [defaultBranch, allowReplaceRefs, judgedFrom, adopted, allowDeletion] = await Promise.all([
    readGitConfig(dir, "intentguard.defaultBranch"),
    readGitConfig(dir, "intentguard.allowReplaceRefs"),
    readGitConfig(dir, "intentguard.judgedFrom"),
    readGitConfig(dir, "intentguard.adopted"),
    readGitConfig(dir, "intentguard.allowDefaultBranchDeletion"),
  ]);
  let judgedFromCommit: string | undefined;
  if (judgedFrom) {
    judgedFromCommit = startsLikeOption(judgedFrom)
      ? undefined
      : ((await commitIfPresent(dir, judgedFrom)) ?? undefined);
    if (judgedFromCommit === undefined) {
      throw new FailureError({ kind: "judged-from-unknown", judgedFrom }, ExitCode.CannotEvaluate);
    }
  }
  const yes = (value: string | undefined) => /^(true|yes|on|1)$/i.test(value ?? "");
  return {
    defaultBranch: defaultBranch || undefined,
    allowReplaceRefs: yes(allowReplaceRefs),
    judgedFrom: judgedFromCommit,
    adopted: adopted || undefined,
    allowDefaultBranchDeletion: yes(allowDeletion),
  };
}
