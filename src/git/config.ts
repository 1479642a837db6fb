import { runGit } from "./exec.js";

/** A config value as git resolves it (all scopes), or undefined when unset. */
export async function readGitConfig(key: string, cwd?: string): Promise<string | undefined> {
  const { stdout, status } = await runGit(["config", "--get", key], {
    okExitCodes: [1],
    ...(cwd ? { cwd } : {}),
  });
  return status === 0 ? stdout.toString("utf8").replace(/\n$/, "") : undefined;
}

/** Adds `value` to a multi-valued key in the repository's config, unless it is there already. */
export async function addGitConfigValue(key: string, value: string, cwd: string): Promise<boolean> {
  const { stdout } = await runGit(["config", "--local", "--get-all", key], {
    cwd,
    okExitCodes: [1],
  });
  if (stdout.toString("utf8").split("\n").includes(value)) return false;
  await runGit(["config", "--local", "--add", key, value], { cwd });
  return true;
}

/** Removes exactly `value` from a multi-valued key in the repository's config. */
export async function removeGitConfigValue(
  key: string,
  value: string,
  cwd: string,
): Promise<boolean> {
  const pattern = `^${value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`;
  const { status } = await runGit(["config", "--local", "--unset-all", key, pattern], {
    cwd,
    okExitCodes: [5],
  });
  return status === 0;
}
