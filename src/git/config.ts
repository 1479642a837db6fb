import { runGit } from "./exec.js";

/** A config value as git resolves it in `dir` (all scopes), or undefined when unset. */
export async function readGitConfig(dir: string, key: string): Promise<string | undefined> {
  const { stdout, status } = await runGit(dir, ["config", "--get", key], { okExitCodes: [1] });
  return status === 0 ? stdout.toString("utf8").replace(/\n$/, "") : undefined;
}

/** Sets a key in the repository's own config (`git config --local`). */
export async function setGitConfig(dir: string, key: string, value: string): Promise<void> {
  await runGit(dir, ["config", "--local", key, value]);
}

/** Every value of a multi-valued key as git resolves it in `dir` (all scopes). */
export async function readGitConfigAll(dir: string, key: string): Promise<string[]> {
  const { stdout } = await runGit(dir, ["config", "--get-all", key], { okExitCodes: [1] });
  return stdout.toString("utf8").split("\n").filter(Boolean);
}

/** Adds `value` to a multi-valued key in the repository's config, unless it is there already. */
export async function addGitConfigValue(dir: string, key: string, value: string): Promise<boolean> {
  const { stdout } = await runGit(dir, ["config", "--local", "--get-all", key], {
    okExitCodes: [1],
  });
  if (stdout.toString("utf8").split("\n").includes(value)) return false;
  await runGit(dir, ["config", "--local", "--add", key, value]);
  return true;
}

/** Removes exactly `value` from a multi-valued key in the repository's config. */
export async function removeGitConfigValue(
  dir: string,
  key: string,
  value: string,
): Promise<boolean> {
  const pattern = `^${value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`;
  const { status } = await runGit(dir, ["config", "--local", "--unset-all", key, pattern], {
    okExitCodes: [5],
  });
  return status === 0;
}

/**
 * The e-mail of git's committer identity here, as git resolves it (GIT_COMMITTER_EMAIL, then
 * user.email, then git's own fallbacks): the identity that commits, and signs, what is written.
 * Undefined when git has none (it refuses to make one up).
 */
export async function committerEmail(dir: string): Promise<string | undefined> {
  const { stdout, status } = await runGit(dir, ["var", "GIT_COMMITTER_IDENT"], {
    okExitCodes: [128],
  });
  if (status !== 0) return undefined;
  return /<([^>]*)>/.exec(stdout.toString("utf8"))?.[1]?.trim() || undefined;
}

/** A value as git resolves it in `dir` without following include.path and includeIf. */
export async function readGitConfigWithoutIncludes(
  dir: string,
  key: string,
): Promise<string | undefined> {
  const { stdout, status } = await runGit(dir, ["config", "--no-includes", "--get", key], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8").replace(/\n$/, "") : undefined;
}

/** A value in one config file (`git config --file`), or undefined when unset or no such file. */
export async function readGitConfigFile(
  dir: string,
  file: string,
  key: string,
): Promise<string | undefined> {
  const { stdout, status } = await runGit(dir, ["config", "--file", file, "--get", key], {
    okExitCodes: [1],
  });
  return status === 0 ? stdout.toString("utf8").replace(/\n$/, "") : undefined;
}

/** Sets a key in one config file, which git creates if need be (and quotes the value as needed). */
export async function setGitConfigFile(
  dir: string,
  file: string,
  key: string,
  value: string,
): Promise<void> {
  await runGit(dir, ["config", "--file", file, key, value]);
}

/**
 * Removes a section of the repository's config when no key is left in it: `git config --unset`
 * leaves the `[section "subsection"]` line behind.
 */
export async function removeEmptyConfigSection(dir: string, section: string): Promise<void> {
  // git lists keys with the section name lowercased, the subsection as written.
  const [name = "", ...subsection] = section.split(".");
  const listed = [name.toLowerCase(), ...subsection].join(".");
  const pattern = `^${listed.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\.`;
  const { status } = await runGit(dir, ["config", "--local", "--get-regexp", pattern], {
    okExitCodes: [1],
  });
  if (status === 1) {
    await runGit(dir, ["config", "--local", "--remove-section", section], { okExitCodes: [128] });
  }
}
