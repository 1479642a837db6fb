import { readFile, rename, rm, stat } from "node:fs/promises";
import { ExitCode, FailureError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import type { FileAction } from "./husky-hook-file.js";
import { launchShim, locateShims } from "./launch-script.js";
import { hooksReadingStdin } from "./managed-hooks.js";

const marker = "# intentguard-managed-hook";

/**
 * The package's hooks folder as a hook file names it: relative to the work tree root when the
 * file is committed (a core.hooksPath folder in the work tree), else absolute.
 */
export interface ShimsLocation {
  dir: string;
  committed: boolean;
}

/** Where a hook that was already installed is kept, and still run from, while ours is in place. */
export const chainedSuffix = ".pre-intentguard";

async function isOurs(file: string): Promise<boolean> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.includes(marker);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * The hook git runs: the chained user hook first (if any), then our shim, sourced rather than
 * started: git runs some hooks many times per command (reference-transaction runs for every ref
 * update, a dozen times per commit a rebase replays), and each program started costs a process.
 * Where it finds the package: see locateShims.
 */
function wrapper(hook: string, shims: ShimsLocation): string {
  const chained = `"$hook_dir/${hook}${chainedSuffix}"`;
  return [
    "#!/bin/sh",
    `${marker}: written by \`intentguard install\`; \`intentguard uninstall\` restores what was here.`,
    `# A ${hook} hook that was here before now lives in ${hook}${chainedSuffix} and runs first.`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
    "hook_dir=${0%/*}",
    ...locateShims(shims.dir, shims.committed),
    "ig_launch() {",
    ...launchShim(hook).map((line) => `  ${line}`),
    "}",
    ...(hooksReadingStdin.has(hook)
      ? [
          // Both hooks need git's input: it is read once, and only when a chained hook exists.
          `if [ -x ${chained} ]; then`,
          "  input=$(cat; printf x)",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
          "  input=${input%x}",
          `  printf '%s' "$input" | ${chained} "$@" || exit $?`,
          `  printf '%s' "$input" | ig_launch "$@"`,
          "  exit $?",
          "fi",
        ]
      : [`if [ -x ${chained} ]; then ${chained} "$@" || exit $?; fi`]),
    'ig_launch "$@"',
    "",
  ].join("\n");
}

/** Installs our hook file, moving a hook that was already there aside so it keeps running. */
export async function installGitHook(
  file: string,
  hook: string,
  shims: ShimsLocation,
): Promise<FileAction> {
  const content = wrapper(hook, shims);
  if (await isOurs(file)) {
    if ((await readFile(file, "utf8")) === content) return "unchanged";
    writeFileAtomic(file, content, 0o755);
    return "updated";
  }
  if (await exists(file)) {
    const chained = `${file}${chainedSuffix}`;
    if (await exists(chained)) {
      throw new FailureError({ kind: "hook-chain-taken", file, chained }, ExitCode.CannotEvaluate);
    }
    await rename(file, chained);
    writeFileAtomic(file, content, 0o755);
    return "added";
  }
  writeFileAtomic(file, content, 0o755);
  return "added";
}

/** Removes our hook file and puts a chained hook back where it was. */
export async function uninstallGitHook(file: string): Promise<FileAction> {
  if (!(await isOurs(file))) return (await exists(file)) ? "unchanged" : "absent";
  await rm(file, { force: true });
  const chained = `${file}${chainedSuffix}`;
  if (await exists(chained)) await rename(chained, file);
  return "removed";
}
