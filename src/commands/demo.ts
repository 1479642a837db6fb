import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CommandInput } from "../cli/command.js";
import { ExitCode, IntentguardError } from "../errors.js";
import { runGit } from "../git/exec.js";
import { hermeticGitEnv } from "../git/hermetic-env.js";
import { styleFor } from "../report/style.js";

const intents = `active_intents:
  - id: "INT-001"
    name: "Login rate limiting"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth/**", "test/auth"]
    forbidden_scope: ["src/auth/secrets.ts"]
    constraints: ["No new runtime dependencies"]
    acceptance_criteria: ["test/auth passes"]
  - id: "INT-002"
    name: "Billing export"
    status: "PENDING"
    owned_scope: ["src/billing"]
`;

/**
 * A throwaway repository that shows, with real git and the real hooks, an allowed commit and its
 * trailer, a commit blocked for leaving its scope, and one blocked for declaring no intent.
 */
export async function run({ values }: CommandInput): Promise<ExitCode> {
  const style = await styleFor(process.stdout);
  const base = await mkdtemp(path.join(os.tmpdir(), "intentguard-demo-"));
  const repo = path.join(base, "repo");
  const env = await hermeticGitEnv(path.join(base, "home"), {
    name: "Ada Demo",
    email: "ada@example.com",
  });
  const out = (text = "") => process.stdout.write(`${text}\n`);
  const shown = (text: string) =>
    text
      .trimEnd()
      .split("\n")
      .map((line) => `    ${line}`)
      .join("\n");
  const write = async (file: string, content: string) => {
    await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
    await writeFile(path.join(repo, file), content);
  };
  const git = async (...args: string[]) => {
    const result = await runGit(args, { cwd: repo, env: { ...env, ...agent }, okExitCodes: [1] });
    return { status: result.status, output: result.stderr + result.stdout.toString("utf8") };
  };
  const intentguard = (...args: string[]) => {
    const result = spawnSync(process.execPath, [__filename, ...args], {
      cwd: repo,
      env,
      encoding: "utf8",
    });
    if (result.status !== 0) {
      throw new IntentguardError(
        `demo: intentguard ${args.join(" ")} failed:\n${result.stderr}`,
        ExitCode.Internal,
      );
    }
    return result.stdout;
  };
  const step = (title: string) => out(`\n${style.bold(title)}`);
  // Who commits: step 2 is an AI agent, the way a coding agent runs git.
  let agent: Record<string, string> = {};
  const commit = async (message: string) => {
    const prefix = Object.entries(agent)
      .map(([key, value]) => `${key}=${value} `)
      .join("");
    out(style.dim(`  $ ${prefix}git commit -m "${message}"`));
    const result = await git("commit", "-q", "-m", message);
    out(shown(result.output));
    return result.status;
  };

  try {
    out(`intentguard demo: a throwaway repository in ${repo}`);
    await mkdir(repo, { recursive: true });
    await git("init", "-q");
    step("1. Adopt intentguard: intents and policy, committed on their own");
    intentguard("init");
    await write(".orchestration/active_intents.yaml", intents);
    await write("src/auth/login.ts", "export function login() {}\n");
    await write("src/billing/export.ts", "export function exportInvoices() {}\n");
    await git("add", "-A");
    await commit("Adopt intentguard");

    step("2. An agent selects INT-001 and commits inside its scope: allowed, trailers added");
    out(style.dim("  $ intentguard select INT-001"));
    out(shown(intentguard("select", "INT-001")));
    await write(
      "src/auth/login.ts",
      "export function login() {\n  // at most 5 attempts a minute\n}\n",
    );
    await write("test/auth/login.test.ts", "// login tests\n");
    await git("add", "-A");
    agent = { INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6", INTENTGUARD_AGENT: "demo-agent" };
    await commit("Limit login attempts");
    agent = {};
    out(style.dim("  $ git log -1 --format=%B"));
    out(shown((await git("log", "-1", "--format=%B")).output));

    step("3. Touch a file outside INT-001's scope: blocked");
    await write("src/billing/export.ts", "export function exportInvoices(limit = 5) {}\n");
    await git("add", "-A");
    const outOfScope = await commit("Tweak billing too");
    await git("reset", "-q", "--hard");

    step("4. Declare no intent at all: blocked");
    out(style.dim("  $ intentguard select --clear"));
    intentguard("select", "--clear");
    await write("src/auth/login.ts", "export function login() {}\n");
    await git("add", "-A");
    const noIntent = await commit("Drive-by fix");

    const log = (await git("log", "--format=%h %s")).output;
    step("History: only the allowed commits landed");
    out(shown(log));

    step("5. Each commit left a trace record in refs/notes/intentguard");
    out(style.dim("  $ intentguard trace show HEAD"));
    out(shown(intentguard("trace", "show", "HEAD")));
    if (outOfScope !== 1 || noIntent !== 1) {
      throw new IntentguardError(
        "demo: a commit that should have been blocked went through",
        ExitCode.Internal,
      );
    }
    out(
      `\nNext: read the README's quick start, or try it here: ${values.keep ? repo : "intentguard demo --keep"}`,
    );
    return ExitCode.Ok;
  } finally {
    if (!values.keep) await rm(base, { recursive: true, force: true });
  }
}
