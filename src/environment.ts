import { existsSync } from "node:fs";
import path from "node:path";
import { type AgentProcess, agentProcessOf } from "./core/agent/agent-environment.js";
import type { CiEnvironment } from "./core/check/ci-event/ci-environment.js";
import type { ContributorEnvironment } from "./core/trace/contributor.js";

/**
 * Everything intentguard reads from its environment, read once at the edge (src/cli.ts) and
 * handed down, so no module deep in the use cases consults process.env: what a run depends on is
 * visible in its signature, and tests can pass a view of their own.
 */
export interface Environment {
  /** Where the command was started (git starts hooks at the work tree's top level). */
  cwd: string;
  /**
   * How the user runs intentguard here, for the commands hints name: `npx intentguard` where the
   * project has the command (node_modules/.bin/intentguard here or in a folder above, which npx
   * runs without the registry), else `intentguard` (a global install: npx would look a package
   * the project lacks up on the registry).
   */
  command: string;
  /** INTENTGUARD=0: every hook is skipped. */
  disabled: boolean;
  /** INTENTGUARD_DEBUG=1: print stack traces. */
  debug: boolean;
  /** INTENTGUARD_INTENT: the intent this command's commits serve. */
  intent: string | undefined;
  /** INTENTGUARD_CONTRIBUTOR, INTENTGUARD_MODEL, INTENTGUARD_AGENT: who is committing. */
  contributor: ContributorEnvironment;
  /** INTENTGUARD_AGENT, trimmed: the committing agent's ID, null for a person. */
  agent: string | null;
  /**
   * The agent this process runs under, by INTENTGUARD_* or an agent's own variable
   * (core/agent/agent-environment.ts); null when the environment declares none.
   */
  agentProcess: AgentProcess | null;
  /** NO_COLOR (any non-empty value) and FORCE_COLOR (anything but "0"). */
  color: { never: boolean; forced: boolean | undefined };
  /** Where the user's configuration lives: `$XDG_CONFIG_HOME`, else `$HOME/.config`. */
  configHome: string;
  /** `$HOME`: where git's global configuration (`~/.gitconfig`) lives. */
  home: string;
  /** npm_lifecycle_event: set when npm (or yarn, pnpm) runs a package.json script, e.g. prepare. */
  packageScript: string | undefined;
  /** GIT_DIR, which git sets for hooks in a linked work tree. */
  gitDir: string | undefined;
  /**
   * The project directory an agent tells its hooks by variable, by dialect name: Claude Code's
   * CLAUDE_PROJECT_DIR, Gemini CLI's GEMINI_PROJECT_DIR. Where its repository is looked for.
   */
  agentProjectDirs: Readonly<Record<string, string>>;
  /**
   * The CI run, if any: GITHUB_ACTIONS, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_SHA,
   * GITHUB_STEP_SUMMARY; GITLAB_CI, CI_PIPELINE_SOURCE, CI_MERGE_REQUEST_DIFF_BASE_SHA,
   * CI_MERGE_REQUEST_TARGET_BRANCH_NAME, CI_MERGE_REQUEST_SOURCE_BRANCH_SHA, CI_COMMIT_SHA,
   * CI_COMMIT_BEFORE_SHA, CI_DEFAULT_BRANCH, CI_COMMIT_BRANCH, CI_COMMIT_TAG (an empty variable
   * reads as unset).
   */
  ci: CiEnvironment;
}

export function readEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Environment {
  const agent = env.INTENTGUARD_AGENT?.trim() || null;
  let command: string | undefined;
  return {
    cwd,
    // Looked up on first use: only a report that suggests a command needs it, and an allowed
    // commit's hook prints none.
    get command() {
      command ??= commandHere(cwd);
      return command;
    },
    disabled: env.INTENTGUARD === "0",
    debug: env.INTENTGUARD_DEBUG === "1",
    intent: env.INTENTGUARD_INTENT,
    contributor: contributorOf(env),
    agent,
    agentProcess: agentProcessOf(env),
    packageScript: env.npm_lifecycle_event || undefined,
    color: {
      never: Boolean(env.NO_COLOR),
      forced: env.FORCE_COLOR === undefined ? undefined : env.FORCE_COLOR !== "0",
    },
    configHome: env.XDG_CONFIG_HOME || `${env.HOME ?? "~"}/.config`,
    home: env.HOME ?? "~",
    gitDir: env.GIT_DIR || undefined,
    agentProjectDirs: {
      ...(env.CLAUDE_PROJECT_DIR ? { "claude-code": env.CLAUDE_PROJECT_DIR } : {}),
      ...(env.GEMINI_PROJECT_DIR ? { gemini: env.GEMINI_PROJECT_DIR } : {}),
    },
    ci: readCiEnvironment(env),
  };
}

/**
 * Where the code cache of the CLI's bundles lives (src/bundle/load-bundle.ts):
 * `$XDG_CACHE_HOME/intentguard`, else `$HOME/.cache/intentguard`; null when it is off —
 * INTENTGUARD_CODE_CACHE=0, or under coverage (NODE_V8_COVERAGE), whose counters cached code
 * would lack. Read before any command runs, so not part of the Environment.
 */
export function codeCacheHome(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.INTENTGUARD_CODE_CACHE === "0" || env.NODE_V8_COVERAGE) return null;
  const xdg = env.XDG_CACHE_HOME;
  // The XDG base directory specification: a relative path is invalid and ignored.
  if (xdg?.startsWith("/")) return `${xdg}/intentguard`;
  return env.HOME ? `${env.HOME}/.cache/intentguard` : null;
}

function readCiEnvironment(env: NodeJS.ProcessEnv): CiEnvironment {
  const value = (name: string) => env[name] || undefined;
  return {
    githubActions: env.GITHUB_ACTIONS === "true",
    githubEventName: value("GITHUB_EVENT_NAME"),
    githubEventPath: value("GITHUB_EVENT_PATH"),
    githubSha: value("GITHUB_SHA"),
    githubStepSummary: value("GITHUB_STEP_SUMMARY"),
    gitlabCi: env.GITLAB_CI === "true",
    gitlabPipelineSource: value("CI_PIPELINE_SOURCE"),
    gitlabMergeRequestDiffBaseSha: value("CI_MERGE_REQUEST_DIFF_BASE_SHA"),
    gitlabMergeRequestTargetBranchName: value("CI_MERGE_REQUEST_TARGET_BRANCH_NAME"),
    gitlabMergeRequestSourceBranchSha: value("CI_MERGE_REQUEST_SOURCE_BRANCH_SHA"),
    gitlabCommitSha: value("CI_COMMIT_SHA"),
    gitlabCommitBeforeSha: value("CI_COMMIT_BEFORE_SHA"),
    gitlabDefaultBranch: value("CI_DEFAULT_BRANCH"),
    gitlabCommitBranch: value("CI_COMMIT_BRANCH"),
    gitlabCommitTag: value("CI_COMMIT_TAG"),
  };
}

/**
 * Who commits, as the environment declares it: INTENTGUARD_*, and an agent's own variable
 * (core/agent/agent-environment.ts) making it an AI contributor whatever INTENTGUARD_CONTRIBUTOR says —
 * as the trailer hook writes it (hooks/intentguard.sh), so records of commits that get no
 * trailers from it (rebase, cherry-pick, am) say the same.
 */
function contributorOf(env: NodeJS.ProcessEnv): ContributorEnvironment {
  const declared = {
    contributor: env.INTENTGUARD_CONTRIBUTOR,
    model: env.INTENTGUARD_MODEL,
    agent: env.INTENTGUARD_AGENT,
  };
  const running = agentProcessOf({
    ...env,
    INTENTGUARD_AGENT: undefined,
    INTENTGUARD_MODEL: undefined,
    INTENTGUARD_CONTRIBUTOR: undefined,
  });
  if (!running) return declared;
  return { ...declared, contributor: "ai", agent: declared.agent?.trim() || running.agent };
}

/** `npx intentguard` where npx finds the project's own command from `cwd` up, else its name. */
function commandHere(cwd: string): string {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", ".bin", "intentguard"))) return "npx intentguard";
    if (dir === path.dirname(dir)) return "intentguard";
  }
}
