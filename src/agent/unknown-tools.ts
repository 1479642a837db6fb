import { statSync } from "node:fs";
import path from "node:path";
import type { NamedPath } from "../core/agent/tool-paths.js";
import type { Repo } from "../git/repo.js";
import { sameRepository } from "../git/work-tree-at.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import { headSnapshot } from "../governance/head-snapshot.js";
import { registeredAt } from "./work-tree-of.js";

/**
 * What a tool no agent's list knows (an MCP server's) names that is a place in the repository:
 * every string under a path-like field, a `file://` URI or a patch header; any other string shaped
 * like a path only when it is one — absolute and inside the repository (any of its work trees), or
 * relative to the agent's directory with its folder there. A name of nothing in the repository is
 * no write of it. Relative paths are resolved from `cwd`.
 */
export function repositoryPaths(named: readonly NamedPath[], cwd: string, home: Repo): NamedPath[] {
  return named.filter((one) => one.how === "named" || namesPlaceIn(one.path, cwd, home));
}

function namesPlaceIn(given: string, cwd: string, home: Repo): boolean {
  const absolute = path.resolve(cwd, given);
  const at = registeredAt(absolute);
  if (!at || !sameRepository(at.repo, home)) return false;
  if (path.isAbsolute(given)) return true;
  try {
    return statSync(path.dirname(absolute)).isDirectory();
  } catch {
    return false;
  }
}

/** Whether HEAD's policy lists `tool` among the agents' readers (agents.readers). */
export async function listedReader(home: Repo, tool: string): Promise<boolean> {
  const governance = await compileSnapshot(await headSnapshot(home), home.stateDir);
  return governance?.policy.agents.readers.includes(tool) ?? false;
}
