import { readGitConfig } from "./config.js";
import { runGit } from "./exec.js";

/** A branch, as a full ref (`refs/heads/main`), and the commit at its tip. */
export interface BranchTip {
  ref: string;
  tip: string;
}

/**
 * The default branch of a clone and its tip: the branch origin's HEAD names
 * (`refs/remotes/origin/HEAD`, set by clone), else `init.defaultBranch`, else `main` or `master`,
 * whichever exists. Null when none of them names a branch here. Three git processes, the first
 * two side by side.
 */
export async function cloneDefaultBranch(dir: string): Promise<BranchTip | null> {
  const [remoteHead, configured] = await Promise.all([
    symbolicTarget(dir, "refs/remotes/origin/HEAD"),
    readGitConfig(dir, "init.defaultBranch"),
  ]);
  const fromRemote = remoteHead?.replace(/^refs\/remotes\/origin\//, "");
  const candidates = [fromRemote, configured, "main", "master"].filter(
    (name): name is string => typeof name === "string" && name !== "",
  );
  const { stdout } = await runGit(dir, [
    "for-each-ref",
    "--format=%(refname) %(objectname)",
    ...candidates.map((name) => `refs/heads/${name}`),
  ]);
  const tips = new Map(
    stdout
      .toString("utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.lastIndexOf(" ")), line.slice(line.lastIndexOf(" ") + 1)]),
  );
  const ref = candidates.map((name) => `refs/heads/${name}`).find((name) => tips.has(name));
  return ref === undefined ? null : { ref, tip: tips.get(ref) as string };
}

/**
 * The default branch of a server repository: the branch `configured` names (the server's own
 * config, never the pushed policy), else the one `HEAD` names — `ref` whether or not it exists,
 * `tip` null when it does not (a bare repository created with another default than the team
 * pushes, or nothing pushed yet).
 */
export async function serverDefaultBranch(
  dir: string,
  configured: string | undefined,
): Promise<{ ref: string | null; tip: string | null }> {
  const head = configured
    ? `refs/heads/${configured.replace(/^refs\/heads\//, "")}`
    : await symbolicTarget(dir, "HEAD");
  const ref = head?.startsWith("refs/heads/") ? head : null;
  if (ref === null) return { ref, tip: null };
  const { stdout, status } = await runGit(
    dir,
    ["rev-parse", "-q", "--verify", "--end-of-options", `${ref}^{commit}`],
    { okExitCodes: [1] },
  );
  return { ref, tip: status === 0 ? stdout.toString("utf8").trim() : null };
}

/** The ref a symbolic ref names, or null when it is none (or absent). */
async function symbolicTarget(dir: string, name: string): Promise<string | null> {
  const { stdout, status } = await runGit(dir, ["symbolic-ref", "-q", name], { okExitCodes: [1] });
  return status === 0 ? stdout.toString("utf8").trim() || null : null;
}
