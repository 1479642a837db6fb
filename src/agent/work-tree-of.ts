import path from "node:path";
import { FailureError } from "../errors.js";
import type { Repo } from "../git/repo.js";
import {
  homeAt,
  type RegisteredWorkTree,
  refuseIrregularMetadata,
  workTreeAt,
} from "../git/work-tree-at.js";

/** Where an agent works: its current directory, and its repository (homeOf; null outside one). */
export interface Workspace {
  cwd: string;
  home: Repo | null;
}

/**
 * The repository an agent works in: the one holding its project directory (where the agent tells
 * it), else its current directory — as git registers it (src/git/work-tree-at.ts): a `.git` the
 * agent planted below it, or a repository around it, moves nothing. Read without starting git:
 * an agent's hook runs before every edit. Null outside every repository; a FIFO or device where
 * git keeps a file fails here (named), before any git could wait on it, and so does a `commondir`
 * planted in a main work tree's `.git`.
 */
export function homeOf(projectDir: string | null, cwd: string): Repo | null {
  const at =
    (projectDir === null ? null : homeAt(path.join(projectDir, "-"))) ??
    homeAt(path.join(cwd, "-"));
  if (!at) return null;
  refuseIrregularMetadata(at.repo);
  if (at.kind === "main" && path.resolve(at.repo.commonDir) !== path.resolve(at.repo.gitDir)) {
    const file = path.join(at.repo.gitDir, "commondir");
    throw new FailureError({ kind: "commondir-planted", file, points: at.repo.commonDir });
  }
  return at.repo;
}

/** The work tree of `home`'s repository a path lies in (workTreeAt), its git metadata checked. */
export function registeredAt(absolute: string, home: Repo): RegisteredWorkTree | null {
  const at = workTreeAt(absolute, home);
  if (at) refuseIrregularMetadata(at.repo);
  return at;
}
