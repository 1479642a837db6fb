import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./test-repo.js";

const shipped = ["dist", "hooks", "templates", "policies", "schema", "package.json"];
const runtimeDependencies = ["yaml", "zod", "chalk", "diff"];

/**
 * Lays intentguard out in `<nodeModules>/intentguard` the way `npm install` would (its shipped
 * files, its runtime dependencies resolvable beside it), without the network. Returns the path
 * of its CLI.
 */
export function installPackageCopy(nodeModules: string): string {
  const target = path.join(nodeModules, "intentguard");
  mkdirSync(target, { recursive: true });
  for (const entry of shipped) {
    cpSync(path.join(projectRoot, entry), path.join(target, entry), { recursive: true });
  }
  for (const dependency of runtimeDependencies) {
    symlinkSync(
      path.join(projectRoot, "node_modules", dependency),
      path.join(nodeModules, dependency),
    );
  }
  return path.join(target, "dist", "cli.cjs");
}

export const huskyBin = path.join(projectRoot, "node_modules", "husky", "bin.js");
