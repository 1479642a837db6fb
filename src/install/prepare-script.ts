import { readFile } from "node:fs/promises";
import path from "node:path";
import { installCommand } from "../core/install-layout.js";
import { ExitCode, FailureError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import type { FileAction } from "./husky-hook-file.js";

/**
 * Adds `intentguard install` to package.json's `prepare` script, so `npm ci` or `npm install` in
 * a fresh clone installs the hooks (after `husky`, which must set core.hooksPath first, when
 * husky is in use). Idempotent; keeps the file's indentation and key order. Absent when the
 * repository has no package.json at its root.
 */
export async function addPrepareScript(root: string, husky: boolean): Promise<FileAction> {
  const file = path.join(root, "package.json");
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return "absent";
  let manifest: { scripts?: Record<string, unknown> } | undefined;
  try {
    manifest = JSON.parse(text);
  } catch {
    // Told below, as for any manifest that is not an object.
  }
  const isObject = (value: unknown) =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (
    !manifest ||
    !isObject(manifest) ||
    !(manifest.scripts === undefined || isObject(manifest.scripts))
  ) {
    throw new FailureError({ kind: "manifest-not-editable", file }, ExitCode.CannotEvaluate);
  }
  const current = manifest.scripts?.prepare;
  if (typeof current === "string" && current.includes(installCommand)) return "unchanged";
  const prepare =
    typeof current === "string" && current.trim() !== ""
      ? `${current} && ${installCommand}`
      : husky
        ? `husky && ${installCommand}`
        : installCommand;
  manifest.scripts = { ...manifest.scripts, prepare };
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? "  ";
  writeFileAtomic(file, `${JSON.stringify(manifest, null, indent)}\n`);
  return current === undefined ? "added" : "updated";
}
