import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { systemClock } from "../clock.js";
import { isoSeconds } from "../core/clock.js";
import { intentsFilePath, policyFilePath } from "../core/governance/governance-files.js";
import { ExitCode } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { isInside } from "../fs/is-inside.js";
import { pathsWithChanges } from "../git/list-files.js";
import { locateRepo } from "../git/repo.js";
import { findHooksTarget, isInWorkTree } from "../install/hooks-target.js";
import { installHooks } from "../install/install-hooks.js";
import { packageRoot } from "../install/package-root.js";
import { addPrepareScript } from "../install/prepare-script.js";
import { formatInitNextSteps, formatScaffoldReport } from "../report/setup/init-report.js";
import { formatInstallReport } from "../report/setup/install-report.js";
import type { CommandInput } from "./support/command.js";

const ledgerIgnorePath = ".orchestration/.gitignore";

/** The package managers' manifest and lock files: what installing intentguard changes. */
const packageFiles = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
];

/**
 * Scaffolds the governed files where missing (never overwrites), adds the prepare script that
 * installs the hooks in teammates' clones, installs the hooks here, and prints the adoption
 * commit: every file this and the package manager changed, committed once.
 */
export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const pkg = packageRoot();
  const target = await findHooksTarget(repo);
  const posix = (absolute: string) => path.relative(repo.root, absolute).split(path.sep).join("/");
  // Hook files the team commits: husky's folder, or a core.hooksPath folder in the work tree.
  const hooksDir =
    target.kind === "husky" || isInWorkTree(repo, target.dir) ? posix(target.dir) : null;
  // The project that depends on intentguard: the nearest package.json up from here (a monorepo
  // package in a subfolder), else the work tree root.
  const project = nearestProject(repo.root, env.cwd);
  const localPackages = (await localPackageFiles(project)).map((file) =>
    posix(path.join(project, file)),
  );
  const tooling = [
    ledgerIgnorePath,
    ...(hooksDir ? [hooksDir] : []),
    ...packageFiles
      .map((file) => path.join(project, file))
      .filter((file) => existsSync(file))
      .map(posix),
    ...localPackages,
  ];
  // INT-002 owns the folder a package tarball sits in, not the tarball's name: the next
  // version's tarball (intentguard-0.2.0.tgz) is tooling too.
  const toolingScope = [...new Set(tooling.map((file) => tarballScope(repo.root, file)))];
  const now = isoSeconds(systemClock.now());
  const files: [string, () => Promise<string>][] = [
    [
      intentsFilePath,
      async () =>
        (await readFile(path.join(pkg, "templates/active_intents.yaml"), "utf8"))
          .replace("{{schema}}", schemaReference(repo.root, pkg, intentsFilePath, "active_intents"))
          .replace(
            "{{tooling_scope}}",
            toolingScope.map((pattern) => `      - "${pattern}"`).join("\n"),
          )
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
  // First: a package.json it cannot edit stops init before anything is written.
  const prepare = await addPrepareScript(project, target.kind === "husky");
  const scaffolded: { file: string; created: boolean }[] = [];
  for (const [file, content] of files) {
    const absolute = path.join(repo.root, file);
    const created = !existsSync(absolute);
    if (created) writeFileAtomic(absolute, await content());
    scaffolded.push({ file, created });
  }
  const hooks = await installHooks(repo);
  const adoption = await pathsWithChanges(repo.root, [intentsFilePath, policyFilePath, ...tooling]);
  process.stdout.write(formatScaffoldReport(scaffolded, prepare));
  process.stdout.write(formatInstallReport(repo.root, hooks, "install"));
  process.stdout.write(
    formatInitNextSteps({
      adoption,
      fromSubdirectory: repo.prefix !== "",
      huskyInactive: hooks.target.kind === "husky" && !hooks.target.huskyInstalled,
      command: env.command,
    }),
  );
  return ExitCode.Ok;
}

function nearestProject(root: string, cwd: string): string {
  for (let dir = cwd; isInside(root, dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (dir === root || dir === path.dirname(dir)) break;
  }
  return root;
}

/**
 * The package tarballs and folders inside the repository that package.json installs from
 * (`"intentguard": "file:vendor/intentguard-0.1.0.tgz"`, while it is not on the registry):
 * committed with the manifest, so teammates' npm ci finds them.
 */
async function localPackageFiles(root: string): Promise<string[]> {
  const text = await readFile(path.join(root, "package.json"), "utf8").catch(() => "");
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text);
  } catch {
    return []; // addPrepareScript names the problem
  }
  const specs = ["dependencies", "devDependencies", "optionalDependencies"].flatMap((field) => {
    const deps = manifest?.[field];
    return deps && typeof deps === "object" ? Object.values(deps) : [];
  });
  const files: string[] = [];
  for (const spec of specs) {
    if (typeof spec !== "string" || !spec.startsWith("file:")) continue;
    const target = path.resolve(root, spec.slice("file:".length));
    if (target !== root && isInside(root, target)) {
      files.push(path.relative(root, target).split(path.sep).join("/"));
    }
  }
  return files;
}

/**
 * The scope pattern for a tooling file: a package tarball's folder (`vendor/**`), or at the top
 * of the repository every version of it (`intentguard-*.tgz`); any other file or folder itself.
 */
function tarballScope(root: string, file: string): string {
  const tarball = /^(.*?)-\d[^/]*(\.tgz|\.tar\.gz)$/.exec(path.posix.basename(file));
  if (!tarball || !statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile()) {
    return file;
  }
  const folder = path.posix.dirname(file);
  return folder === "." ? `${tarball[1]}-*${tarball[2]}` : `${folder}/**`;
}

/**
 * The yaml-language-server schema reference, relative to the file: the installed package's copy
 * when it is inside the repository, else where a devDependency install puts it.
 */
function schemaReference(root: string, pkg: string, file: string, name: string): string {
  const schema = path.join(pkg, "schema", `${name}.schema.json`);
  const target = isInside(root, schema)
    ? schema
    : path.join(root, "node_modules/intentguard/schema", `${name}.schema.json`);
  return path
    .relative(path.dirname(path.join(root, file)), target)
    .split(path.sep)
    .join("/");
}
