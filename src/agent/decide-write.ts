import { lstatSync, realpathSync } from "node:fs";
import path from "node:path";
import type { AgentDecision } from "../core/agent/agent-event.js";
import { protectedFromAgents } from "../core/agent/protected-paths.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { Environment } from "../environment.js";
import { isInside } from "../fs/is-inside.js";
import type { AgentMade } from "../gate/agent-made.js";
import { judgePaths } from "../gate/judge-paths.js";
import { ignoredPaths } from "../git/ignored-paths.js";
import type { Repo } from "../git/repo.js";
import { headSnapshot } from "../governance/head-snapshot.js";
import { agentHookMessages as say } from "../report/agent-hook-messages.js";
import { plainStyle } from "../report/style.js";
import { formatVerdictText } from "../report/verdict-text.js";
import { sameRepository, workTreeOf } from "./work-tree-of.js";

/** A file a write will touch: its work tree and its repo-root-relative path. */
export interface WriteTarget {
  repo: Repo;
  absolute: string;
  relative: string;
}

/**
 * Judges the files a tool is about to write, before it writes them: each must be inside the
 * agent's repository (any of its work trees), outside git's directory, not a file closed to agents
 * (the rules, any agent's hooks), and — through a symlink too — in the scope of the intent
 * selected in the work tree that holds it, judged exactly as a commit of it would be (its
 * verdict names the intent that covers a path, if one does).
 */
export async function decideWrite(
  paths: readonly string[],
  tool: string,
  cwd: string,
  agent: AgentMade,
  env: Environment,
): Promise<{ decision: AgentDecision; targets: WriteTarget[] }> {
  const denied = (message: string) => ({
    decision: { kind: "deny", message } as const,
    targets: [],
  });
  if (paths.length === 0) return denied(say.noPath(tool));
  const home = await workTreeOf(path.join(cwd, "-"));
  if (!home) return denied(say.outside(paths[0] ?? "", cwd));
  const targets: WriteTarget[] = [];
  for (const given of paths) {
    for (const absolute of new Set([
      path.resolve(cwd, given),
      realTarget(path.resolve(cwd, given)),
    ])) {
      const repo = await workTreeOf(absolute);
      if (!repo || !sameRepository(repo, home)) return denied(say.outside(given, home.root));
      if (
        isInside(repo.commonDir, absolute) ||
        isInside(repo.gitDir, absolute) ||
        isInside(path.join(repo.root, ".git"), absolute)
      ) {
        return denied(say.gitDirectory(given));
      }
      const relative = path.relative(repo.root, absolute).split(path.sep).join("/");
      const closed = protectedFromAgents(relative);
      if (closed) return denied(say.protected(given, closed));
      targets.push({ repo, absolute, relative });
    }
  }
  for (const [root, group] of byWorkTree(targets)) {
    const { repo } = group[0] as WriteTarget;
    const head = await headSnapshot(repo);
    const verdict = await judgePaths(
      repo,
      group.map((target) => target.absolute),
      undefined,
      { ...env, cwd: root },
      { head, agent },
    );
    if (verdict.outcome === "blocked" && !(await onlyIgnored(repo, verdict))) {
      return denied(say.blocked(formatVerdictText(verdict, plainStyle)));
    }
  }
  return { decision: { kind: "allow" }, targets };
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
 * Where a write really lands: a symlink (or a symlinked folder on the way) writes its target, so
 * the target is judged too. A path that does not exist yet resolves through its nearest existing
 * folder.
 */
function realTarget(absolute: string): string {
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      lstatSync(existing);
      return path.join(realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
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
