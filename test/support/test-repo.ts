import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { agentVariables } from "../../src/core/agent/agent-environment.js";
import { hermeticGitEnv } from "../../src/git/hermetic-env.js";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
export const cliPath = path.join(projectRoot, "dist", "cli.cjs");

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  input?: string;
}

const created: string[] = [];

/** Removes every repository the tests created (registered in test/support/setup.ts). */
export function removeTestRepos(): void {
  governedTemplates.clear();
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A throwaway git repository driven by the real git binary in a hermetic environment: its own
 * HOME and global config, a fixed identity, `main` as the default branch, nothing inherited from
 * the developer's GIT_* or INTENTGUARD_* variables.
 */
export class TestRepo {
  constructor(
    readonly dir: string,
    readonly env: NodeJS.ProcessEnv,
    readonly base: string,
  ) {}

  run(command: string, args: readonly string[], options: RunOptions = {}): Run {
    const env: NodeJS.ProcessEnv = { ...this.env };
    for (const [key, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    const result = spawnSync(command, args, {
      cwd: options.cwd ?? this.dir,
      env,
      input: options.input ?? "",
      encoding: "utf8",
    });
    if (result.error) throw result.error;
    return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  /** Runs git and fails the test, with git's output, if git fails. */
  git(...args: string[]): string {
    const result = this.tryGit(args);
    if (result.status !== 0) {
      throw new Error(
        `git ${args.join(" ")} exited ${result.status}:\n${result.stderr}${result.stdout}`,
      );
    }
    return result.stdout;
  }

  /**
   * Runs git past intentguard's hooks (INTENTGUARD=0), as a person or a tool going around them
   * does: how a test forges notes or moves intentguard's own refs, which the hooks refuse.
   */
  gitWithoutHooks(...args: string[]): string {
    const result = this.tryGit(args, { env: { INTENTGUARD: "0" } });
    if (result.status !== 0) {
      throw new Error(`git ${args.join(" ")} exited ${result.status}:\n${result.stderr}`);
    }
    return result.stdout;
  }

  tryGit(args: readonly string[], options: RunOptions = {}): Run {
    return this.run("git", args, options);
  }

  intentguard(args: readonly string[], options: RunOptions = {}): Run {
    return this.run(process.execPath, [cliPath, ...args], options);
  }

  commit(message: string, args: readonly string[] = [], options: RunOptions = {}): Run {
    return this.tryGit(["commit", "-m", message, ...args], options);
  }

  /**
   * Writes a file (relative to `cwd`, default the repository), stages everything and commits;
   * fails the test with git's output if the commit fails. Returns the new commit's SHA.
   */
  commitFile(
    file: string,
    content: string,
    message: string,
    options: { args?: string[]; env?: Record<string, string | undefined>; cwd?: string } = {},
  ): string {
    const cwd = options.cwd ?? this.dir;
    this.write(path.relative(this.dir, path.join(cwd, file)), content);
    const add = this.tryGit(["add", "-A"], { cwd });
    const result = this.tryGit(["commit", "-m", message, ...(options.args ?? [])], {
      cwd,
      env: options.env ?? {},
    });
    if (add.status !== 0 || result.status !== 0) {
      throw new Error(`commit "${message}" failed:\n${add.stderr}${result.stderr}${result.stdout}`);
    }
    return this.tryGit(["rev-parse", "HEAD"], { cwd }).stdout.trim();
  }

  /**
   * Makes a branch at HEAD with one commit of `file` (through the hooks), then comes back to the
   * branch it started on. Returns the commit.
   */
  commitOnBranch(branch: string, file: string, content: string, message: string): string {
    const back = this.git("symbolic-ref", "--short", "HEAD").trim();
    this.git("checkout", "-q", "-b", branch);
    const commit = this.commitFile(file, content, message);
    this.git("checkout", "-q", back);
    return commit;
  }

  /** Starts an orphan branch with an empty index and work tree (a gh-pages, say). */
  startOrphan(branch: string): void {
    this.git("checkout", "-q", "--orphan", branch);
    this.git("rm", "-rq", "--cached", ".");
    this.git("clean", "-fdqx");
    for (const entry of readdirSync(this.dir)) {
      if (entry !== ".git") rmSync(path.join(this.dir, entry), { recursive: true, force: true });
    }
  }

  write(file: string, content: string | Buffer): void {
    const target = path.join(this.dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }

  read(file: string): string {
    return readFileSync(path.join(this.dir, file), "utf8");
  }

  head(): string {
    return this.git("rev-parse", "HEAD").trim();
  }

  commitCount(): number {
    const result = this.tryGit(["rev-list", "--count", "HEAD"]);
    return result.status === 0 ? Number(result.stdout.trim()) : 0;
  }

  /** HEAD's message exactly as stored in the commit object. */
  lastMessage(): string {
    const commit = this.git("cat-file", "commit", "HEAD");
    return commit.slice(commit.indexOf("\n\n") + 2);
  }
}

/** A new, empty repository (no commits). */
export async function createRepo(): Promise<TestRepo> {
  const repo = await openRepo(createScratchDir("intentguard-test-"));
  mkdirSync(repo.dir);
  repo.git("init", "-q");
  return repo;
}

/** The repository in `base`/repo, git run with `base`/home as its hermetic HOME. */
async function openRepo(base: string): Promise<TestRepo> {
  const env = await hermeticGitEnv(path.join(base, "home"), {
    name: "Test Author",
    email: "author@example.com",
  });
  return new TestRepo(path.join(base, "repo"), env, base);
}

/** Intents the scenarios share: two in progress, one per other status. */
export const standardIntents = `active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth", "test/auth/**"]
    forbidden_scope: ["src/auth/secrets"]
    constraints: ["No new dependencies"]
    acceptance_criteria: ["test/auth passes"]
  - id: "INT-002"
    name: "Docs"
    status: "IN_PROGRESS"
    owned_scope: ["docs/**"]
  - id: "INT-003"
    name: "Billing"
    status: "PENDING"
    owned_scope: ["src/billing"]
  - id: "INT-004"
    name: "Old work"
    status: "COMPLETED"
    owned_scope: ["src"]
  - id: "INT-005"
    name: "Stuck work"
    status: "BLOCKED"
    owned_scope: ["src"]
  - id: "INT-006"
    name: "Dropped work"
    status: "ABANDONED"
    owned_scope: ["src"]
`;

export interface GovernedRepoOptions {
  intents?: string;
  /** Files committed with the adoption commit. */
  files?: Record<string, string>;
  /** Install the hooks (default true). */
  hooks?: boolean;
}

/**
 * The governed repositories built so far in this test file, by their options: the base directory
 * (repository and hermetic HOME) that each later call copies.
 */
const governedTemplates = new Map<string, string>();

/**
 * A repository that has adopted intentguard: intents committed, hooks installed.
 *
 * Building one starts git and several Node processes (install, the hooks of the adoption commit),
 * so each distinct set of options is built once per test file and every call gets a copy of it.
 * Nothing in the copied directory names where it lies (the hooks name the package, the ledger's
 * first line and the trace hold no path), so a copy is what a new build would be, except that the
 * copies share the adoption commit's date and the clone identity (.git/intentguard/clone-id) its
 * trace is anchored under: a test that exchanges notes between two governed repositories makes
 * the second one with `git clone`, as a teammate would.
 */
export async function createGovernedRepo(options: GovernedRepoOptions = {}): Promise<TestRepo> {
  const key = JSON.stringify(options);
  let template = governedTemplates.get(key);
  if (template === undefined) {
    template = (await buildGovernedRepo(options)).base;
    governedTemplates.set(key, template);
  }
  const base = createScratchDir("intentguard-test-");
  cpSync(template, base, { recursive: true });
  const repo = await openRepo(base);
  // The index's file stats are the template's: refreshed, git sees the work tree as clean.
  repo.git("update-index", "-q", "--refresh");
  return repo;
}

async function buildGovernedRepo(options: GovernedRepoOptions): Promise<TestRepo> {
  const repo = await createRepo();
  repo.write(".orchestration/active_intents.yaml", options.intents ?? standardIntents);
  const files = options.files ?? {
    "src/auth/login.ts": "export const login = 1;\n",
    "src/billing/invoice.ts": "export const invoice = 1;\n",
    "docs/index.md": "# Docs\n",
  };
  for (const [file, content] of Object.entries(files)) repo.write(file, content);
  if (options.hooks !== false) expectSuccess(repo.intentguard(["install"]), "intentguard install");
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", "Adopt intentguard");
  return repo;
}

/** A governed repository in which this work tree has selected `intent`. */
export async function createSelectedRepo(intent = "INT-001"): Promise<TestRepo> {
  const repo = await createGovernedRepo();
  expectSuccess(repo.intentguard(["select", intent]), `intentguard select ${intent}`);
  return repo;
}

/** A bare repository with intentguard's pre-receive hook, as a server would have it. */
export function createPreReceiveServer(repo: TestRepo, head = "main"): string {
  const dir = path.join(createScratchDir(), "server.git");
  repo.git("init", "-q", "--bare", `--initial-branch=${head}`, dir);
  writeFileSync(
    path.join(dir, "hooks", "pre-receive"),
    `#!/bin/sh\nexec "${process.execPath}" "${cliPath}" hook pre-receive\n`,
    { mode: 0o755 },
  );
  return dir;
}

/** A scratch directory under the system's temporary folder, removed after the test file. */
export function createScratchDir(prefix = "intentguard-scratch-"): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

/**
 * Points this test process's environment at a repository's hermetic one, for tests that call
 * src/git in-process: git then runs with the repository's HOME and global config, not the
 * developer's. Each test file runs in its own worker, so this never leaks into another file.
 */
export function useHermeticProcessEnv(repo: TestRepo): void {
  for (const key of Object.keys(process.env)) {
    if (
      /^(GIT_|INTENTGUARD)/.test(key) ||
      agentVariables.some(({ variable }) => variable === key)
    ) {
      delete process.env[key];
    }
  }
  Object.assign(process.env, repo.env);
}

/**
 * git's exit code for a commit the reference-transaction hook refuses: the hook aborts the ref
 * update and git dies with "fatal: ref updates aborted by hook".
 */
export const refusedByHook = 128;

export function expectSuccess(result: Run, what: string): Run {
  if (result.status !== 0)
    throw new Error(`${what} exited ${result.status}:\n${result.stderr}${result.stdout}`);
  return result;
}
