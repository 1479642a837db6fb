import { readFile, rm } from "node:fs/promises";
import { writeFileAtomic } from "../fs/atomic-write.js";
import type { FileAction } from "./husky-hook-file.js";
import { launchShim, locateShims } from "./launch-script.js";

const marker = "# intentguard-launcher";

/**
 * The launcher's text. `packageDir` is the package's folder relative to the work tree root, where
 * git starts hooks (`node_modules/intentguard`): the file is committed, so it never holds a path
 * of one machine. A linked work tree has no `node_modules` of its own; the main work tree's,
 * beside the common git directory, serves it.
 */
export function huskyLauncher(packageDir: string): string {
  const hooksDir = `${packageDir}/hooks`;
  return [
    "#!/bin/sh",
    `${marker}: written by \`intentguard install\`; each hook file in this folder calls it as`,
    '# `sh <this file> <hook> "$@"`. `intentguard uninstall` removes it with those lines.',
    "ig_hook=$1",
    "shift",
    ...locateShims(hooksDir, true),
    ...launchShim("$ig_hook"),
    "",
  ].join("\n");
}

export async function writeHuskyLauncher(file: string, packageDir: string): Promise<FileAction> {
  const content = huskyLauncher(packageDir);
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing === content) return "unchanged";
  writeFileAtomic(file, content, 0o755);
  return existing === undefined ? "added" : "updated";
}

export async function removeHuskyLauncher(file: string): Promise<FileAction> {
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing === undefined) return "absent";
  if (!existing.includes(marker)) return "unchanged";
  await rm(file, { force: true });
  return "removed";
}
