import { runGit } from "./exec.js";

/** A config value as git resolves it (all scopes), or undefined when unset. */
export async function readGitConfig(key: string, cwd?: string): Promise<string | undefined> {
  const { stdout, status } = await runGit(["config", "--get", key], {
    okExitCodes: [1],
    ...(cwd ? { cwd } : {}),
  });
  return status === 0 ? stdout.toString("utf8").replace(/\n$/, "") : undefined;
}
