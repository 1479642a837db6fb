import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { IntentguardError } from "../errors.js";
import type { Repo } from "../git/repo.js";

/**
 * The installed intentguard package: the bundle runs from <package>/dist/cli.cjs, and the hook
 * shims, templates and default policy sit beside dist/. Resolved through symlinks so that a
 * `node_modules/.bin` link or an `npm link` points at the real files.
 */
export function packageRoot(): string {
  return path.dirname(path.dirname(realpathSync(__filename)));
}

export function shimPath(hook: string): string {
  return path.join(packageRoot(), "hooks", hook);
}

/**
 * The package's folder relative to the work tree root, for files the team commits (husky's
 * hooks): `node_modules/intentguard` when that is where this package is installed — also when
 * it is a symlink to a checkout elsewhere (`npm install <folder>`, pnpm), here or in the main work
 * tree — else wherever inside
 * the work tree it is. A package outside the work tree (a global install, npx) has no path that
 * holds on every teammate's machine: refused, with the fix.
 */
export function packageDirInRepo(repo: Repo): string {
  const pkg = packageRoot();
  // A linked work tree runs the main work tree's package (the launcher falls back to it too).
  for (const root of [repo.root, path.dirname(repo.commonDir)]) {
    const installed = path.join(root, "node_modules", "intentguard");
    if (existsSync(installed) && realpathSync(installed) === pkg) return "node_modules/intentguard";
  }
  const relative = path.relative(realpathSync(repo.root), pkg);
  if (relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new IntentguardError(
      `The husky hooks in this repository are committed and shared, so they must name intentguard by a path inside the repository, and this intentguard runs from ${pkg}, outside it. Install it as a development dependency of the project (npm install --save-dev intentguard, or from a tarball or checkout as the README says), then run npx intentguard install from the repository.`,
    );
  }
  return relative === "" ? "." : relative.split(path.sep).join("/");
}
