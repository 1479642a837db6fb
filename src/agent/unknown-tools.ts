import { statSync } from "node:fs";
import path from "node:path";
import type { NamedPath } from "../core/agent/tool-paths.js";
import type { Repo } from "../git/repo.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import { headSnapshot } from "../governance/head-snapshot.js";
import { registeredAt } from "./work-tree-of.js";

/**
 * What a tool no agent's list knows (an MCP server's) names that is a place in the repository:
 * every string under a path-like field, a `file://` URI or a patch header; any other string shaped
 * like a path only when it is one — absolute and inside the repository (any of its work trees or
 * submodules), or
 * relative with its first folder there. A name of nothing in the repository is no write of it. A
 * relative path is taken from the agent's directory and, where that differs, from the work tree's
 * root too: MCP servers name files relative to the project (`pathInProject`, `relative_path`),
 * whatever directory the agent's shell is in. Both are judged.
 */
export function repositoryPaths(named: readonly NamedPath[], cwd: string, home: Repo): NamedPath[] {
  const found: NamedPath[] = [];
  for (const one of named) {
    const bases = path.isAbsolute(one.path)
      ? [cwd]
      : [...new Set([cwd, home.root].map((base) => path.resolve(base)))];
    for (const base of bases) {
      if (one.how === "looks-like" && !namesPlaceIn(one.path, base, home)) continue;
      if (one.how === "file-name" && !namesFileIn(one.path, base, home)) continue;
      found.push(base === cwd ? one : { ...one, path: path.join(base, one.path) });
    }
  }
  return found;
}

/** A bare file name: a file of that name is in `base`, in the repository. */
function namesFileIn(given: string, base: string, home: Repo): boolean {
  const absolute = path.resolve(base, given);
  if (!registeredAt(absolute, home)) return false;
  try {
    return statSync(absolute).isFile();
  } catch {
    return false;
  }
}

function namesPlaceIn(given: string, base: string, home: Repo): boolean {
  const absolute = path.resolve(base, given);
  if (!registeredAt(absolute, home)) return false;
  if (path.isAbsolute(given)) return true;
  // Its first folder (`src` of `src/billing/new/x.js`) is there: a folder the tool makes below
  // it is still a place in the repository.
  const first = given.split(/[\\/]/).find((part) => part !== "" && part !== ".");
  if (first === undefined || first === "..") return false;
  try {
    return statSync(path.join(base, first)).isDirectory();
  } catch {
    return false;
  }
}

/** Whether HEAD's policy lists `tool` among the agents' readers (agents.readers). */
export async function listedReader(home: Repo, tool: string): Promise<boolean> {
  const governance = await compileSnapshot(await headSnapshot(home), home.stateDir);
  return governance?.policy.agents.readers.includes(tool) ?? false;
}
