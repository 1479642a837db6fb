import path from "node:path";
import type { Repo } from "../git/repo.js";
import {
  type RegisteredWorkTree,
  refuseIrregularMetadata,
  workTreeAt,
} from "../git/work-tree-at.js";

/**
 * The work tree an agent works in: the one its directory lies in, as the repository registers it
 * (src/git/work-tree-at.ts) — a `.git` the agent planted below it moves nothing. Read without
 * starting git: an agent's hook runs before every edit. Null outside every repository; a FIFO or
 * device where git keeps a file fails here (named), before any git could wait on it.
 */
export function homeOf(cwd: string): Repo | null {
  return registeredAt(path.join(cwd, "-"))?.repo ?? null;
}

/** The registered work tree a path lies in (workTreeAt), its git metadata checked likewise. */
export function registeredAt(absolute: string): RegisteredWorkTree | null {
  const at = workTreeAt(absolute);
  if (at) refuseIrregularMetadata(at.repo);
  return at;
}
