import { ConfigError, GitError } from "../errors.js";
import type { CatFileSession } from "../git/cat-file-batch.js";
import { collectInto, type GitObject } from "../git/read-objects.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import { governanceObjectNames, snapshotOf } from "../governance/governance-snapshot.js";

/**
 * The commit a revision names and the intent names of the rules there, read through a session
 * the caller already has (no git process of its own): the commit is null when `rev` names none;
 * the names are empty when the rules cannot be read (a report names intents, it does not judge).
 */
export async function rulesAt(
  repo: Repo,
  session: CatFileSession,
  rev: string,
): Promise<{ commit: string | null; intentNames: Map<string, string> }> {
  const location = { kind: "commit", rev } as const;
  const commitName = `${rev}^{commit}`;
  const [intentsName, policyName] = governanceObjectNames(rev);
  const objects = new Map<string, GitObject | null>();
  await session.read([commitName, intentsName, policyName], (name, object) =>
    collectInto(objects, name, object),
  );
  const found = objects.get(commitName);
  const commit = found && found.type === "commit" ? found.oid : null;
  try {
    const snapshot = snapshotOf(
      location,
      commit,
      objects.get(intentsName),
      objects.get(policyName),
    );
    const governance = await compileSnapshot(snapshot, repo.stateDir);
    const names = (governance?.intents ?? []).map((intent) => [intent.id, intent.name] as const);
    return { commit, intentNames: new Map(names) };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof GitError) {
      return { commit, intentNames: new Map() };
    }
    throw error;
  }
}
