import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The repository's shell scripts (tracked, or new and not ignored): every file in hooks/ (POSIX
 * sh: the shims git runs, and intentguard.sh, which they source), every *.sh file, and any other
 * file whose first line is a sh or bash shebang (.ci/run). Each is checked in its own dialect.
 */
function shellScripts(): { file: string; shell: "sh" | "bash" }[] {
  // Without the caller's GIT_* variables: run from a hook, GIT_DIR would name another repository.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("GIT_")),
  );
  const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
  const listed = spawnSync("git", args, { cwd: root, env, encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const found: { file: string; shell: "sh" | "bash" }[] = [];
  for (const file of new Set(listed.stdout.split("\0").filter(Boolean))) {
    const absolute = path.join(root, file);
    if (!existsSync(absolute) || !statSync(absolute).isFile()) continue;
    const shebang = /^#!\s*(?:\S*\/)?(?:env\s+)?(sh|bash)\b/.exec(firstLine(absolute))?.[1];
    if (file.startsWith("hooks/") || file.endsWith(".sh") || shebang) {
      found.push({ file, shell: shebang === "bash" ? "bash" : "sh" });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

function firstLine(file: string): string {
  const head = Buffer.alloc(200);
  const fd = openSync(file, "r");
  try {
    return head.toString("utf8", 0, readSync(fd, head)).split("\n", 1)[0] ?? "";
  } finally {
    closeSync(fd);
  }
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  return { ...result, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

const scripts = shellScripts();
const shellcheck = run("shellcheck", ["--version"]);
const shellcheckMissing =
  shellcheck.error || shellcheck.status !== 0
    ? "shellcheck was not found on PATH, so the shell scripts were only checked with sh -n " +
      "(bash -n for bash scripts); apt-get install shellcheck"
    : undefined;

it("finds the hook shims", () => {
  expect(scripts.map(({ file }) => file)).toEqual(
    expect.arrayContaining(["hooks/intentguard.sh", "hooks/pre-commit", "hooks/commit-msg"]),
  );
});

for (const { file, shell } of scripts) {
  describe(file, () => {
    it(`parses with ${shell} -n`, () => {
      const result = run(shell, ["-n", file]);
      expect(result.output).toBe("");
      expect(result.status).toBe(0);
    });

    it(`passes shellcheck -s ${shell}`, (context) => {
      if (shellcheckMissing) context.skip(shellcheckMissing);
      // -x -P SCRIPTDIR: follow `. "$ig_hooks_dir/intentguard.sh"` to the file beside the shim.
      const result = run("shellcheck", ["-s", shell, "-x", "-P", "SCRIPTDIR", file]);
      expect(result.output).toBe("");
      expect(result.status).toBe(0);
    });
  });
}
