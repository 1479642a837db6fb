import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { ExitCode, FailureError } from "../errors.js";
import { isInside } from "../fs/is-inside.js";
import type { Repo } from "../git/repo.js";

/**
 * The installed intentguard package: every bundle runs from <package>/dist/ (scripts/build.mjs),
 * and the hook shims, templates and default policy sit beside dist/. Resolved through symlinks so that a
 * `node_modules/.bin` link or an `npm link` points at the real files.
 */
export function packageRoot(): string {
  return path.dirname(path.dirname(realpathSync(__filename)));
}

/** The CLI's entry, whichever bundle asks (a command runs from its own bundle in dist/). */
export function cliPath(): string {
  return path.join(packageRoot(), "dist", "cli.cjs");
}

export function shimPath(hook: string): string {
  return path.join(packageRoot(), "hooks", hook);
}

/**
 * The package's folder relative to the work tree root, for files the team commits (husky's
 * hooks, a committed core.hooksPath folder): `node_modules/intentguard` when that is where this
 * package is installed — also when it is a symlink to a checkout elsewhere (`npm install
 * <folder>`, pnpm), here or in the main work tree — else wherever inside the work tree it is.
 * Null for a package outside the work tree (a global install, npx): no path to it holds on every
 * teammate's machine.
 */
export function packageDirInRepo(repo: Repo): string | null {
  const pkg = packageRoot();
  // A linked work tree runs the main work tree's package (the launcher falls back to it too).
  for (const root of [repo.root, path.dirname(repo.commonDir)]) {
    const installed = path.join(root, "node_modules", "intentguard");
    if (existsSync(installed) && realpathSync(installed) === pkg) return "node_modules/intentguard";
  }
  const root = realpathSync(repo.root);
  if (!isInside(root, pkg)) return null;
  return path.relative(root, pkg).split(path.sep).join("/") || ".";
}

/** husky's committed hooks need the package by a path inside the repository: refused without. */
export function packageDirForHusky(repo: Repo): string {
  const dir = packageDirInRepo(repo);
  if (dir !== null) return dir;
  throw new FailureError(
    { kind: "package-outside-repo", packageRoot: packageRoot() },
    ExitCode.CannotEvaluate,
  );
}
