import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { agentVariables } from "../core/agent/agent-environment.js";

export interface Identity {
  name: string;
  email: string;
}

/**
 * An environment in which git ignores the user's and the system's configuration: a throwaway
 * HOME with its own global config, fixed identity, `main` as the default branch, and none of the
 * GIT_*, INTENTGUARD_* or npm_* variables of the calling process (run under `npm test`, npm's
 * `npm_lifecycle_event` would make an install look run from a package script). The demo and the
 * tests run git in it.
 */
/** An agent running the demo or the tests must not make their commits an agent's. */
const agentVariableNames = new Set(agentVariables.map(({ variable }) => variable));

export async function hermeticGitEnv(home: string, identity: Identity): Promise<NodeJS.ProcessEnv> {
  await mkdir(home, { recursive: true });
  const globalConfig = path.join(home, ".gitconfig");
  await writeFile(
    globalConfig,
    [
      "[init]",
      "\tdefaultBranch = main",
      "[advice]",
      "\tdetachedHead = false",
      '[protocol "file"]',
      "\tallow = always",
      "",
    ].join("\n"),
  );
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(GIT_|INTENTGUARD|npm_)/.test(key) && !agentVariableNames.has(key),
    ),
  );
  return {
    ...inherited,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_AUTHOR_NAME: identity.name,
    GIT_AUTHOR_EMAIL: identity.email,
    GIT_COMMITTER_NAME: identity.name,
    GIT_COMMITTER_EMAIL: identity.email,
    GIT_TERMINAL_PROMPT: "0",
    GIT_EDITOR: "true",
    NO_COLOR: "1",
  };
}
