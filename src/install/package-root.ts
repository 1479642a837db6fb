import { realpathSync } from "node:fs";
import path from "node:path";

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
