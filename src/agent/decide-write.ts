import { lstatSync, realpathSync } from "node:fs";
import path from "node:path";
import type { AgentOutcome, WriteDenial } from "../core/agent/agent-outcome.js";
import { protectedFromAgents } from "../core/agent/protected-paths.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { Environment } from "../environment.js";
import { isInside } from "../fs/is-inside.js";
import type { AgentMade } from "../gate/agent-made.js";
import { judgePaths } from "../gate/judge-paths.js";
import { ignoredPaths } from "../git/ignored-paths.js";
import type { Repo } from "../git/repo.js";
import { headSnapshot } from "../governance/head-snapshot.js";
import { packageRoot } from "../install/package-root.js";
import { registeredAt, type Workspace } from "./work-tree-of.js";

/**
 * A file a write will touch: its work tree and its repo-root-relative path; for a file in a
 * submodule of the agent's repository, the superproject's work tree too.
 */
export interface WriteTarget {
  repo: Repo;
  absolute: string;
  relative: string;
  superproject: Repo | null;
}

/**
 * Judges the files a tool is about to write, before it writes them: each must be inside the
 * agent's repository (any of its registered work trees, or a submodule it registers: never where
 * a planted `.git` says), outside git's directory and every `.git`, not a file closed to agents
 * (the rules, any agent's hooks), and — through a symlink too — in the scope of the intent
 * selected in the work tree that holds it, judged exactly as a commit of it would be (its
 * verdict names the intent that covers a path, if one does). A submodule's file is judged by its
 * own rules where it has any, and always as the superproject's path it lies under: rules forged
 * in a submodule widen nothing.
 */
export async function decideWrite(
  paths: readonly string[],
  tool: string,
  where: Workspace,
  agent: AgentMade,
  env: Environment,
): Promise<{ decision: AgentOutcome; targets: WriteTarget[] }> {
  const { cwd, home } = where;
  const denied = (denial: WriteDenial) => ({
    decision: { kind: "deny", denial } as const,
    targets: [],
  });
  if (paths.length === 0) return denied({ kind: "no-path", tool });
  if (!home) return denied({ kind: "outside", file: paths[0] ?? "", root: cwd });
  const targets: WriteTarget[] = [];
  for (const given of paths) {
    const lexical = path.resolve(cwd, given);
    // Unnormalised: `..` after a symlink is resolved from where the link points.
    const real = realTarget(path.isAbsolute(given) ? given : `${cwd}${path.sep}${given}`);
    if (real === null) return denied({ kind: "unresolvable", file: given });
    if (sharedFile(real)) return denied({ kind: "hard-linked", file: given });
    for (const absolute of new Set([lexical, real])) {
      const at = registeredAt(absolute, home);
      if (!at) return denied({ kind: "outside", file: given, root: home.root });
      const { repo } = at;
      const relative = path.relative(repo.root, absolute).split(path.sep).join("/");
      if (
        isInside(repo.commonDir, absolute) ||
        isInside(repo.gitDir, absolute) ||
        /(^|\/)\.git(\/|$)/i.test(relative)
      ) {
        return denied({ kind: "git-directory", file: given });
      }
      const closed =
        protectedFromAgents(relative) ??
        (inInstalledPackage(repo, absolute) ? "agent-hooks" : null);
      if (closed) return denied({ kind: "protected", file: given, protects: closed });
      targets.push({ repo, absolute, relative, superproject: at.superproject });
    }
  }
  for (const group of byWorkTree(targets).values()) {
    const first = group[0] as WriteTarget;
    const absolutes = group.map((target) => target.absolute);
    for (const judge of await judgesOf(first)) {
      const verdict = await judgePaths(
        judge.repo,
        absolutes,
        undefined,
        { ...env, cwd: judge.repo.root },
        { head: judge.head, agent },
      );
      if (verdict.outcome !== "blocked") continue;
      if (!(judge.ignorable && (await onlyIgnored(judge.repo, verdict)))) {
        return denied({ kind: "blocked", verdict });
      }
    }
  }
  return { decision: { kind: "allow" }, targets };
}

/**
 * Whose rules judge a write in `target`'s work tree: its own (a submodule's only where it has
 * any), and a submodule's superproject's — whose ignore rules have no say (git refuses to say).
 */
async function judgesOf(target: WriteTarget) {
  const head = await headSnapshot(target.repo);
  const judges = [];
  if (head.intents !== null || !target.superproject) {
    judges.push({ repo: target.repo, head, ignorable: true });
  }
  if (target.superproject) {
    const superHead = await headSnapshot(target.superproject);
    judges.push({ repo: target.superproject, head: superHead, ignorable: false });
  }
  return judges;
}

/**
 * Whether every path the verdict refuses is one git ignores and does not track (build output, a
 * scratch file): no commit can take it, so writing it is no scope question.
 */
async function onlyIgnored(repo: Repo, verdict: Verdict): Promise<boolean> {
  const refused = verdict.paths.filter((one) => !one.admitted).map((one) => one.path);
  if (refused.length === 0 || verdict.kind !== "intent") return false;
  const ignored = await ignoredPaths(repo.root, refused);
  return refused.every((one) => ignored.has(one));
}

/**
 * Where a write really lands, resolved as the kernel resolves it: component by component, each
 * symlink followed where it stands — so `src/link/../x` is the parent of the link's target, not
 * `src/x` — and a path that does not exist yet through its nearest existing folder. Null when a
 * symlink on the way points at nothing (the write would create its target, wherever that is) or
 * loops.
 */
function realTarget(absolute: string): string | null {
  const parts = absolute.split(path.sep).filter((part) => part !== "" && part !== ".");
  let current = path.parse(absolute).root;
  for (const [index, part] of parts.entries()) {
    if (part === "..") {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(next, { throwIfNoEntry: false });
    } catch {
      stat = undefined; // a file where a folder would be: the write fails, or lands here
    }
    if (!stat) return path.join(next, ...parts.slice(index + 1));
    if (!stat.isSymbolicLink()) {
      current = next;
      continue;
    }
    try {
      current = realpathSync(next);
    } catch {
      return null; // dangling, or a loop
    }
  }
  return current;
}

/**
 * Whether a path is inside the intentguard package these hooks run (vendored, or linked from
 * elsewhere): an agent that rewrote it would switch the gate off. intentguard's own checkout,
 * whose package is the repository itself, is judged by scope like any repository.
 */
function inInstalledPackage(repo: Repo, absolute: string): boolean {
  const pkg = packageRoot();
  if (pkg === repo.root || pkg === path.dirname(repo.commonDir)) return false;
  return isInside(pkg, absolute);
}

/**
 * A file with more than one name (a hard link): a write to it changes every name, and which
 * others there are cannot be told, so the write is not judged by this one.
 */
function sharedFile(real: string): boolean {
  try {
    const stat = lstatSync(real, { throwIfNoEntry: false });
    return stat?.isFile() === true && stat.nlink > 1;
  } catch {
    return false;
  }
}

function byWorkTree(targets: readonly WriteTarget[]): Map<string, WriteTarget[]> {
  const groups = new Map<string, WriteTarget[]>();
  for (const target of targets) {
    const group = groups.get(target.repo.root) ?? [];
    group.push(target);
    groups.set(target.repo.root, group);
  }
  return groups;
}
