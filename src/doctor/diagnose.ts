import { execFileSync } from "node:child_process";
import { constants, existsSync, readFileSync } from "node:fs";
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { agentHookDeadline } from "../core/agent/agent-hook-deadline.js";
import type { Governance } from "../core/governance/governance.js";
import { intentsFilePath } from "../core/governance/governance-files.js";
import { notesRef } from "../core/trace/notes-ref.js";
import type { Environment } from "../environment.js";
import { readGitConfig, readGitConfigAll } from "../git/config.js";
import { listRemotes, notesFetchRefspec } from "../git/notes-remote.js";
import type { Repo } from "../git/repo.js";
import { gitVersion } from "../git/revisions.js";
import { compileSnapshot } from "../governance/compile-snapshot.js";
import { snapshotFromGit } from "../governance/governance-snapshot.js";
import { wiredAgents, wiringOf } from "../install/agent-hooks.js";
import { chainedSuffix } from "../install/git-hook-file.js";
import { findHooksTarget, type HooksTarget } from "../install/hooks-target.js";
import { hooksHuskyLacks, managedHooks, retiredHooks } from "../install/managed-hooks.js";
import { packageRoot, shimPath } from "../install/package-root.js";
import { readSelection } from "../state/selection.js";
import { isLinkedWorkTree, linkedWorktreeHooks, runsLinkedHooks } from "./linked-worktrees.js";

export interface Diagnosis {
  level: "ok" | "warn" | "fail";
  what: string;
  /** How to fix it; empty when nothing needs fixing. */
  fix: string;
}

const ok = (what: string): Diagnosis => ({ level: "ok", what, fix: "" });
const warn = (what: string, fix: string): Diagnosis => ({ level: "warn", what, fix });
const fail = (what: string, fix: string): Diagnosis => ({ level: "fail", what, fix });

/** Everything that would stop the hooks from running here, each with its fix. */
export async function diagnose(repo: Repo, env: Environment): Promise<Diagnosis[]> {
  const target = await findHooksTarget(repo);
  return [
    ...disabledInEnvironment(env),
    ...(await gitRecentEnough(repo)),
    ...(await hooksLocation(repo, target)),
    ...(await hookFiles(repo, target)),
    ...(await linkedWorktreeHooks(repo, target)),
    ...(await retiredHookFiles(target)),
    ...packageFiles(),
    ...linkedWorkTree(repo),
    ...nodeOnPath(env),
    ...(await governanceAndSelection(repo)),
    ...(await notesRewrite(repo)),
    ...(await notesFetch(repo)),
    ...agentHooks(repo),
  ];
}

/**
 * Which coding agents this repository wires to intentguard (`agent install`), and what a hook
 * that fails does for each: the gate before a write is only as closed as the agent lets it be.
 */
function agentHooks(repo: Repo): Diagnosis[] {
  const wired = wiredAgents(repo);
  if (wired.length === 0) {
    return [
      ok(
        "no coding agent's hooks call intentguard here: agents meet the gate when they commit (intentguard agent install <agent…> wires them before each write)",
      ),
    ];
  }
  return wired.map((agent) => {
    const wiring = wiringOf(agent);
    const what = `${agent}: its hooks call intentguard before each write (a crash or a hang past ${agentHookDeadline} s denies the write)`;
    return wiring?.caveat ? warn(what, wiring.caveat) : ok(what);
  });
}

/**
 * intentguard needs git 2.38: the reference-transaction hook (2.28), which judges every commit
 * whatever command lands it, `rev-parse --path-format` (2.31), and `merge-tree --write-tree`
 * (2.38), which tells what a merge authors beyond git's own merge.
 */
async function gitRecentEnough(repo: Repo): Promise<Diagnosis[]> {
  const [major, minor, patch] = await gitVersion(repo.root);
  const shown = `${major}.${minor}.${patch}`;
  return major > 2 || (major === 2 && minor >= 38)
    ? [ok(`git ${shown} runs the reference-transaction hook`)]
    : [fail(`git ${shown} is older than 2.38, which intentguard needs`, "upgrade git")];
}

function disabledInEnvironment(env: Environment): Diagnosis[] {
  return env.disabled
    ? [warn("INTENTGUARD=0 is set in this environment: every hook is skipped", "unset INTENTGUARD")]
    : [];
}

async function hooksLocation(repo: Repo, target: HooksTarget): Promise<Diagnosis[]> {
  if (target.kind === "git") {
    const where = target.hooksPath ? `core.hooksPath (${target.hooksPath})` : "git's default";
    return [ok(`hooks run from ${target.dir} (${where})`)];
  }
  const relative = path.relative(repo.root, target.dir) || ".";
  if (!target.huskyInstalled) {
    return [
      fail(
        `${relative}/ exists but husky is not installed in this clone (core.hooksPath is unset), so its hooks never run`,
        'run npx husky (or npm install, with "prepare": "husky" in package.json)',
      ),
    ];
  }
  if (runsLinkedHooks(repo)) {
    return [ok(`hooks run through husky from ${relative}/ (this linked work tree's own files)`)];
  }
  if (!existsSync(path.join(target.dir, "_"))) {
    return [
      fail(
        `core.hooksPath points to ${relative}/_, which is missing in this work tree (husky generates it per checkout), so no hook runs here`,
        activateHusky(repo),
      ),
    ];
  }
  return [ok(`hooks run through husky from ${relative}/`)];
}

async function hookFiles(repo: Repo, target: HooksTarget): Promise<Diagnosis[]> {
  const results: Diagnosis[] = [];
  for (const hook of managedHooks) {
    const file = path.join(target.dir, hook);
    const shown = path.relative(repo.root, file) || file;
    const text = await readFile(file, "utf8").catch(() => undefined);
    const ours = text?.includes(
      target.kind === "husky" ? "# intentguard" : "# intentguard-managed-hook",
    );
    if (!ours) {
      results.push(
        fail(`${hook}: intentguard is not installed in ${shown}`, "run intentguard install"),
      );
      continue;
    }
    if (target.kind === "git" && !(await isExecutable(file))) {
      results.push(
        fail(`${hook}: ${shown} is not executable, so git skips it`, `chmod +x ${shown}`),
      );
      continue;
    }
    const chained = `${file}${chainedSuffix}`;
    if (existsSync(chained) && !(await isExecutable(chained))) {
      results.push(
        warn(
          `${hook}: the chained hook ${path.basename(chained)} is not executable and is skipped`,
          `chmod +x ${chained}`,
        ),
      );
    }
    const shim =
      target.kind === "husky"
        ? huskyShim(repo, text ?? "", hook)
        : shimFrom(repo, text ?? "", hook);
    if (shim && !(await isExecutable(shim))) {
      results.push(
        fail(
          `${hook}: the hook calls ${shim}, which is missing or not executable`,
          "reinstall the package (npm ci), then run intentguard install",
        ),
      );
      continue;
    }
    const runner = path.join(target.dir, "_", hook);
    // A linked work tree's hooks (install's, for every linked work tree) need no runner.
    const needsRunner =
      target.kind === "husky" && hooksHuskyLacks.has(hook) && !runsLinkedHooks(repo);
    if (needsRunner && !(await isExecutable(runner))) {
      results.push(
        fail(
          `${hook}: husky generates no ${path.relative(repo.root, runner)} for this hook, so git never runs it`,
          activateHusky(repo),
        ),
      );
      continue;
    }
    results.push(ok(`${hook}: installed`));
  }
  return results;
}

/** Hooks an earlier version installed: harmless (their shims exit at once), but dead weight. */
async function retiredHookFiles(target: HooksTarget): Promise<Diagnosis[]> {
  const marker = target.kind === "husky" ? "# intentguard" : "# intentguard-managed-hook";
  const found: string[] = [];
  for (const hook of retiredHooks) {
    const text = await readFile(path.join(target.dir, hook), "utf8").catch(() => "");
    if (text.includes(marker)) found.push(hook);
  }
  return found.length
    ? [
        warn(
          `${found.join(", ")}: installed by an earlier version and no longer used (the reference-transaction hook judges and traces every commit)`,
          "run intentguard install (it removes them)",
        ),
      ]
    : [];
}

/**
 * The shim a husky hook file reaches: its line runs the launcher (`sh .husky/intentguard.sh
 * <hook>`), which locates the package as a git-mode hook file does. The launcher itself when it
 * is missing.
 */
function huskyShim(repo: Repo, text: string, hook: string): string | undefined {
  const line = text.split("\n").find((candidate) => candidate.trimEnd().endsWith("# intentguard"));
  const command = line?.match(/^sh (?:'([^']+)'|(\S+))/);
  const launcher = command?.[1] ?? command?.[2];
  if (!launcher) return undefined;
  const launcherFile = path.resolve(repo.root, launcher);
  return shimFrom(repo, readFileIfPresent(launcherFile) ?? "", hook) ?? launcherFile;
}

/**
 * The shim a hook file written by install sources, found as its sh finds it (locateShims): its
 * `ig_package_hooks=` folder, else the fallback — the main work tree's for a relative folder,
 * this work tree's node_modules for an absolute one.
 */
function shimFrom(repo: Repo, text: string, hook: string): string | undefined {
  const dir = /^ig_package_hooks=(?:'([^']*)'|(\S+))$/m.exec(text);
  const value = dir?.[1] ?? dir?.[2];
  if (!value) return undefined;
  const named = path.resolve(repo.root, value, hook);
  if (existsSync(named)) return named;
  return path.isAbsolute(value)
    ? path.join(repo.root, "node_modules", "intentguard", "hooks", hook)
    : path.resolve(mainWorkTree(repo), value, hook);
}

function readFileIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * How to (re)create husky's per-checkout runners and ours here: with the packages of this work
 * tree; in a linked work tree, install's hooks for linked work trees stand in for them.
 */
function activateHusky(repo: Repo): string {
  if (isLinkedWorkTree(repo)) {
    // install sets husky's hooks up for every linked work tree at once (linked-worktrees.ts).
    const cli = path.join(mainWorkTree(repo), "node_modules", "intentguard", "dist", "cli.cjs");
    return existsSync(path.join(repo.root, "node_modules", "intentguard"))
      ? "run npx intentguard install (it sets up the hooks of every linked work tree)"
      : `run node ${cli} install (it sets up the hooks of every linked work tree)`;
  }
  if (existsSync(path.join(repo.root, "node_modules"))) {
    return "run npx husky && npx intentguard install in this work tree";
  }
  const modules = path.join(mainWorkTree(repo), "node_modules");
  return `run npm ci in this work tree, or the main work tree's husky and intentguard from here: node ${path.join(modules, "husky", "bin.js")} && node ${path.join(modules, "intentguard", "dist", "cli.cjs")} install`;
}

/** The main work tree, beside the common git directory (where the launcher looks too). */
function mainWorkTree(repo: Repo): string {
  return path.dirname(repo.commonDir);
}

/**
 * A linked work tree has no node_modules of its own: the hooks use the main work tree's package,
 * but `npx intentguard` there looks the package up on the npm registry.
 */
function linkedWorkTree(repo: Repo): Diagnosis[] {
  if (!isLinkedWorkTree(repo)) return [];
  if (existsSync(path.join(repo.root, "node_modules", "intentguard"))) return [];
  const cli = path.join(mainWorkTree(repo), "node_modules", "intentguard", "dist", "cli.cjs");
  return [
    warn(
      `this linked work tree has no node_modules: the hooks use the main work tree's intentguard, but npx intentguard here would look it up on the npm registry`,
      existsSync(cli)
        ? `run the CLI as node ${cli} <command> (e.g. alias intentguard='node ${cli}'), or run npm ci here`
        : "run npm ci here (the main work tree has no intentguard installed either)",
    ),
  ];
}

function packageFiles(): Diagnosis[] {
  const cli = path.join(packageRoot(), "dist", "cli.cjs");
  const missing = [cli, shimPath("intentguard.sh")].filter((file) => !existsSync(file));
  return missing.length
    ? [
        fail(
          `the installed package is incomplete (missing ${missing.join(", ")})`,
          "reinstall it (npm ci) or build it (npm run build)",
        ),
      ]
    : [];
}

/** GUI clients (and launchd/IDE-started git) often run hooks with only the system PATH. */
const minimalPath = "/usr/bin:/bin:/usr/sbin:/sbin";

function nodeOnPath(env: Environment): Diagnosis[] {
  const init = path.join(env.configHome, "intentguard", "init.sh");
  const found = (pathValue: string) => {
    try {
      execFileSync("sh", ["-c", "command -v node"], { env: { PATH: pathValue }, stdio: "pipe" });
      return true;
    } catch {
      return false;
    }
  };
  if (found(minimalPath)) return [ok("node is on the minimal PATH GUI git clients use")];
  if (existsSync(init))
    return [ok(`node is not on the system PATH; ${init} sets PATH for the hooks`)];
  return [
    warn(
      `node (${path.dirname(process.execPath)}) is not on the minimal PATH GUI git clients give hooks (${minimalPath}); commits from such clients would be stopped`,
      `create ${init} containing: export PATH="${path.dirname(process.execPath)}:$PATH"`,
    ),
  ];
}

/** Without notes.rewriteRef, amend and rebase leave the trace notes on the old commits. */
/**
 * An earlier version set notes.rewriteRef so git copied notes through amend and rebase; the
 * reference-transaction hook writes the rewritten commits' records itself now, and git's copy on
 * top would give each of them a second record.
 */
/** Remotes whose fetches would not bring the team's notes (added after install ran). */
async function notesFetch(repo: Repo): Promise<Diagnosis[]> {
  const missing: string[] = [];
  for (const remote of await listRemotes(repo.root)) {
    const refspecs = await readGitConfigAll(repo.root, `remote.${remote}.fetch`);
    if (!refspecs.includes(notesFetchRefspec(remote))) missing.push(remote);
  }
  return missing.length
    ? [
        warn(
          `git fetch from ${missing.join(", ")} does not bring the team's trace notes (no notes fetch refspec)`,
          "run intentguard install (it adds the refspec to every remote)",
        ),
      ]
    : [];
}

async function notesRewrite(repo: Repo): Promise<Diagnosis[]> {
  const refs = await readGitConfigAll(repo.root, "notes.rewriteRef");
  return refs.includes(notesRef)
    ? [
        warn(
          `notes.rewriteRef includes ${notesRef}: git would copy old records onto rewritten commits, which get their own`,
          "run intentguard install (it removes the setting)",
        ),
      ]
    : [];
}

/**
 * With signed rule changes required, git must be able to verify SSH signatures here: without
 * gpg.ssh.allowedSignersFile every SSH-signed governance commit reads as unsigned and is refused.
 * (GPG signatures are verified against the keyring instead.)
 */
async function signatureVerification(repo: Repo): Promise<Diagnosis[]> {
  const format = (await readGitConfig(repo.root, "gpg.format")) ?? "openpgp";
  if (format !== "ssh") return [];
  return (await readGitConfig(repo.root, "gpg.ssh.allowedSignersFile"))
    ? [ok("signed rule changes: gpg.ssh.allowedSignersFile is set, so git can verify them")]
    : [
        warn(
          "the policy requires rule changes signed by an approver, and gpg.ssh.allowedSignersFile is not set, so git cannot verify an SSH signature here: every governance commit would be refused",
          'git config gpg.ssh.allowedSignersFile <file> (one line per approver: "<e-mail> <public key>")',
        ),
      ];
}

async function governanceAndSelection(repo: Repo): Promise<Diagnosis[]> {
  const results: Diagnosis[] = [];
  let governance: Governance | null = null;
  try {
    governance = await compileSnapshot(
      await snapshotFromGit(repo.root, { kind: "commit", rev: "HEAD" }),
      repo.stateDir,
    );
    results.push(
      governance
        ? ok(`committed rules load: ${governance.intents.length} intent(s)`)
        : warn(
            `no ${intentsFilePath} is committed yet`,
            "run intentguard init, then commit the adoption commit",
          ),
    );
    if (governance?.policy.governance.require_signed_by_approver) {
      results.push(...(await signatureVerification(repo)));
    }
  } catch (error) {
    results.push(
      fail(
        `the committed rules are invalid: ${(error as Error).message}`,
        "fix them in a governance commit",
      ),
    );
  }
  try {
    const selected = readSelection(repo.stateDir);
    results.push(
      selected ? selectedIntent(governance, selected) : ok("no intent selected in this work tree"),
    );
  } catch (error) {
    results.push(fail((error as Error).message, "intentguard select --clear"));
  }
  return results;
}

/**
 * Whether commits under the selected intent can land, by the committed rules: the intent must be
 * there, and IN_PROGRESS where the policy's intent_status rule blocks (the selection was
 * accepted under rules that may have changed since).
 */
function selectedIntent(governance: Governance | null, selected: string): Diagnosis {
  if (governance === null) return ok(`selected intent: ${selected}`);
  const intent = governance.intents.find((candidate) => candidate.id === selected);
  if (!intent) {
    return warn(
      `selected intent ${selected} is not in the committed intents, so every commit under it is refused`,
      "select one that is: intentguard select <ID> (intentguard intent list shows them)",
    );
  }
  if (intent.status !== "IN_PROGRESS" && governance.policy.rules.intent_status === "error") {
    const closed = intent.status === "COMPLETED" || intent.status === "ABANDONED";
    return warn(
      `selected intent ${selected} is ${intent.status}, so every commit under it is refused (rule intent_status: only an IN_PROGRESS intent authorises commits)`,
      `intentguard intent start ${selected}${closed ? " --reopen" : ""} and commit that, or select an intent in progress: intentguard select <ID>`,
    );
  }
  return ok(`selected intent: ${selected}`);
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}
