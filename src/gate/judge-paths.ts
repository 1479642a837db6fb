import { lstatSync } from "node:fs";
import path from "node:path";
import type { FileChange } from "../core/commit/file-change.js";
import { resolveIntentRequest } from "../core/intent/intent-request.js";
import type { Verdict } from "../core/judge/verdict.js";
import type { Environment } from "../environment.js";
import { ExitCode, FailureError } from "../errors.js";
import { fileSystemError } from "../fs/fs-error.js";
import type { Repo } from "../git/repo.js";
import { type GovernanceSnapshot, snapshotFromGit } from "../governance/governance-snapshot.js";
import { readSelection } from "../state/selection.js";
import { type AgentMade, agentMade } from "./agent-made.js";
import { governanceBeforeRemoval, once } from "./governance-sources.js";
import { judgeAgainstParent, noGovernanceError } from "./judge-against-parent.js";

/**
 * Judges paths an agent or a person is about to touch, before anything is written, exactly as a
 * commit touching them would be judged: the same intent resolution and HEAD's governance. Paths
 * are relative to the current directory, as with git. An agent's hook passes HEAD's governance
 * it already read, and the agent it is.
 */
export async function judgePaths(
  repo: Repo,
  rawPaths: readonly string[],
  flagIntent: string | undefined,
  env: Environment,
  known: { head?: GovernanceSnapshot; agent?: AgentMade } = {},
): Promise<Verdict> {
  const paths = rawPaths.map((raw) => repoRelativePath(repo, raw));
  const selection = readSelection(repo.stateDir);
  const changes = paths.map((file) => intendedChange(repo, file));
  const snapshot =
    known.head ?? (await snapshotFromGit(repo.root, { kind: "commit", rev: "HEAD" }));
  const judgement = await judgeAgainstParent({
    repo,
    parentGovernance: snapshot.commit === null ? null : snapshot,
    ownGovernance: once(() => snapshotFromGit(repo.root, { kind: "index" })),
    governanceBeforeRemoval: () =>
      snapshot.commit ? governanceBeforeRemoval(repo.root, snapshot.commit) : Promise.resolve(null),
    changes,
    merge: false,
    intended: true,
    resolved: resolveIntentRequest({ flag: flagIntent, env: env.intent, selection }),
    agent: env.agent,
    agentMade: known.agent ?? agentMade([], env.agentProcess),
    deferWithoutIntent: false,
    explainPending: true,
  });
  if (judgement.kind === "ungoverned") throw noGovernanceError();
  const { verdict } = judgement;
  return verdict;
}

/** A path from the command line as a repo-root-relative POSIX path; outside the repo fails. */
function repoRelativePath(repo: Repo, raw: string): string {
  const fromRoot = path.isAbsolute(raw)
    ? path.relative(repo.root, raw)
    : path.normalize(path.join(repo.prefix, raw));
  const posix = fromRoot.split(path.sep).join("/").replace(/\/+$/, "");
  if (
    posix === "" ||
    posix === "." ||
    posix === ".." ||
    posix.startsWith("../") ||
    path.isAbsolute(posix)
  ) {
    throw new FailureError(
      { kind: "path-outside-repo", path: raw, root: repo.root },
      ExitCode.CannotEvaluate,
    );
  }
  return posix;
}

function intendedChange(repo: Repo, file: string): FileChange {
  const full = path.join(repo.root, file);
  let exists: boolean;
  try {
    exists = lstatSync(full, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    throw fileSystemError(error, full, "read");
  }
  return {
    operation: exists ? "modify" : "create",
    path: file,
    oldPath: null,
    oldMode: null,
    newMode: null,
    oldBlob: null,
    newBlob: null,
  };
}
