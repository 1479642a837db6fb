import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./test-repo.js";

const shipped = ["dist", "hooks", "templates", "policies", "schema", "package.json"];
const runtimeDependencies = ["yaml", "zod", "chalk", "diff"];

/**
 * Lays intentguard out in `<nodeModules>/intentguard` the way `npm install` would (its shipped
 * files, its runtime dependencies resolvable beside it: linked, or copied), without the network.
 * Returns the path of its CLI.
 */
export function installPackageCopy(
  nodeModules: string,
  { copyDependencies = false }: { copyDependencies?: boolean } = {},
): string {
  const target = path.join(nodeModules, "intentguard");
  mkdirSync(target, { recursive: true });
  for (const entry of shipped) {
    cpSync(path.join(projectRoot, entry), path.join(target, entry), { recursive: true });
  }
  for (const dependency of runtimeDependencies) {
    const source = path.join(projectRoot, "node_modules", dependency);
    const copy = path.join(nodeModules, dependency);
    // Copied, for a user who may not read this checkout (the permission tests run as nobody).
    if (copyDependencies) cpSync(source, copy, { recursive: true, dereference: true });
    else symlinkSync(source, copy);
  }
  // Its command, as npm links it: what `npx intentguard` finds in the project.
  mkdirSync(path.join(nodeModules, ".bin"), { recursive: true });
  symlinkSync("../intentguard/dist/cli.cjs", path.join(nodeModules, ".bin", "intentguard"));
  return path.join(target, "dist", "cli.cjs");
}

export const huskyBin = path.join(projectRoot, "node_modules", "husky", "bin.js");
