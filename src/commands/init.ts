import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { intentsFilePath, policyFilePath } from "../core/governance-files.js";
import { ExitCode } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { locateRepo } from "../git/repo.js";
import { installHooks } from "../install/install-hooks.js";
import { packageRoot } from "../install/package-root.js";
import { formatInstallReport } from "../report/install-report.js";
import type { CommandInput } from "./command.js";

const ledgerIgnorePath = ".orchestration/.gitignore";

/** Scaffolds the governed files where missing (never overwrites) and installs the hooks. */
export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const pkg = packageRoot();
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  const files: [string, () => Promise<string>][] = [
    [
      intentsFilePath,
      async () =>
        (await readFile(path.join(pkg, "templates/active_intents.yaml"), "utf8"))
          .replace("{{schema}}", schemaReference(repo.root, pkg, intentsFilePath, "active_intents"))
          .replaceAll("{{now}}", now),
    ],
    [
      policyFilePath,
      async () =>
        (await readFile(path.join(pkg, "policies/intentguard.yaml"), "utf8")).replace(
          /\$schema=\S+/,
          `$schema=${schemaReference(repo.root, pkg, policyFilePath, "policy")}`,
        ),
    ],
    [ledgerIgnorePath, () => readFile(path.join(pkg, "templates/orchestration.gitignore"), "utf8")],
  ];
  const lines = ["intentguard init:"];
  for (const [file, content] of files) {
    const target = path.join(repo.root, file);
    if (existsSync(target)) {
      lines.push(`  kept     ${file} (already there)`);
      continue;
    }
    writeFileAtomic(target, await content());
    lines.push(`  created  ${file}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  process.stdout.write(formatInstallReport(repo.root, await installHooks(repo)));
  process.stdout.write(
    [
      "Next:",
      `  1. Describe your intents and their scopes in ${intentsFilePath}.`,
      `  2. Commit them on their own (the adoption commit): git add .orchestration policies && git commit -m "Adopt intentguard"`,
      "  3. Choose what this work tree works on: intentguard select INT-001",
      "Every commit then leaves a trace record in refs/notes/intentguard; the pre-push hook pushes it.",
      "Fetch teammates' traces with: intentguard trace fetch (merges refs/notes/intentguard from origin).",
      "",
    ].join("\n"),
  );
  return ExitCode.Ok;
}

/**
 * The yaml-language-server schema reference, relative to the file: the installed package's copy
 * when it is inside the repository, else where a devDependency install puts it.
 */
function schemaReference(root: string, pkg: string, file: string, name: string): string {
  const schema = path.join(pkg, "schema", `${name}.schema.json`);
  const inside = !path.relative(root, schema).startsWith("..");
  const target = inside
    ? schema
    : path.join(root, "node_modules/intentguard/schema", `${name}.schema.json`);
  return path
    .relative(path.dirname(path.join(root, file)), target)
    .split(path.sep)
    .join("/");
}
