import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { intentsFilePath } from "../core/governance/governance-files.js";
import { shellQuote } from "../core/text/shell-quote.js";
import { ExitCode } from "../errors.js";
import { DemoRepo } from "../git/demo-repo.js";
import { hermeticGitEnv } from "../git/hermetic-env.js";
import { cliPath } from "../install/package-root.js";
import { styleFor } from "../report/text/style.js";
import type { CommandInput } from "./support/command.js";

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
 * The demo's policy: the default rules, and a reviewer command deciding grants. A real one would
 * read the request on its stdin (an AI review, a ticket check); this one approves narrow grants.
 */
const policy = `version: 1
extended_scope:
  reviewer:
    name: "demo-reviewer"
    command: "cat >/dev/null; echo 'One file, and the justification holds.'; echo 'RESOLUTION: APPROVED'"
    timeout_seconds: 30
`;

/**
 * A throwaway repository that shows, with real git and the real hooks, an allowed commit and its
 * trailer, a commit blocked for leaving its scope, the grant that then lets it land (requested,
 * decided by the policy's reviewer, committed), and one blocked for declaring no intent.
 */
export async function run({ values, env }: CommandInput): Promise<ExitCode> {
  const style = await styleFor(process.stdout, env.color);
  const base = await mkdtemp(path.join(os.tmpdir(), "intentguard-demo-"));
  const dir = path.join(base, "repo");
  const gitEnv = await hermeticGitEnv(path.join(base, "home"), {
    name: "Ada Demo",
    email: "ada@example.com",
  });
  const repo = new DemoRepo(dir, gitEnv);
  const out = (text = "") => process.stdout.write(`${text}\n`);
  const shown = (text: string) =>
    text
      .trimEnd()
      .split("\n")
      .map((line) => `    ${line}`)
      .join("\n");
  const write = async (file: string, content: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  };
  const intentguard = (...args: string[]) => {
    const result = spawnSync(process.execPath, [cliPath(), ...args], {
      cwd: dir,
      env: gitEnv,
      encoding: "utf8",
    });
    if (result.status !== 0) {
      throw new Error(`demo: intentguard ${args.join(" ")} failed:\n${result.stderr}`);
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
    const result = await repo.commit(message, agent);
    out(shown(result.output));
    return result.status;
  };

  try {
    out(`intentguard demo: a throwaway repository in ${dir}`);
    await mkdir(dir, { recursive: true });
    await repo.init();
    step("1. Adopt intentguard: intents and policy, committed on their own");
    intentguard("init");
    await write(".orchestration/active_intents.yaml", intents);
    await write("policies/intentguard.yaml", policy);
    await write("src/auth/login.ts", "export function login() {}\n");
    await write("src/billing/export.ts", "export function exportInvoices() {}\n");
    await repo.stageAll();
    await commit("Adopt intentguard");

    step("2. An agent selects INT-001 and commits inside its scope: allowed, trailers added");
    out(style.dim("  $ intentguard select INT-001"));
    out(shown(intentguard("select", "INT-001")));
    await write(
      "src/auth/login.ts",
      "export function login() {\n  // at most 5 attempts a minute\n}\n",
    );
    await write("test/auth/login.test.ts", "// login tests\n");
    await repo.stageAll();
    agent = { INTENTGUARD_MODEL: "anthropic/claude-sonnet-4-6", INTENTGUARD_AGENT: "demo-agent" };
    await commit("Limit login attempts");
    agent = {};
    out(style.dim("  $ git log -1 --format=%B"));
    out(shown((await repo.lastMessage()).output));

    step("3. Touch a file outside INT-001's scope: blocked");
    await write("src/billing/export.ts", "export function exportInvoices(limit = 5) {}\n");
    await repo.stageAll();
    const outOfScope = await commit("Tweak billing too");

    step("4. Ask for it as an extended-scope grant; the policy's reviewer decides; then it lands");
    const why = "Exports must respect the login limit";
    out(style.dim(`  $ intentguard scope request INT-001 src/billing/export.ts --why "${why}"`));
    out(shown(intentguard("scope", "request", "INT-001", "src/billing/export.ts", "--why", why)));
    out(style.dim("  $ intentguard scope review INT-001"));
    out(shown(intentguard("scope", "review", "INT-001")));
    out(
      style.dim(`  $ git commit -m "Grant src/billing/export.ts to INT-001" -- ${intentsFilePath}`),
    );
    out(
      shown(
        (await repo.commitPaths("Grant src/billing/export.ts to INT-001", [intentsFilePath]))
          .output,
      ),
    );
    const granted = await commit("Tweak billing too");

    step("5. Declare no intent at all: blocked");
    out(style.dim("  $ intentguard select --clear"));
    intentguard("select", "--clear");
    await write("src/auth/login.ts", "export function login() {}\n");
    await repo.stageAll();
    const noIntent = await commit("Drive-by fix");

    const log = (await repo.history()).output;
    step("History: only the allowed commits landed");
    out(shown(log));

    step("6. Each commit left a trace record in refs/notes/intentguard");
    out(style.dim("  $ intentguard trace show HEAD~2   # the agent's commit"));
    out(shown(intentguard("trace", "show", "HEAD~2")));
    if (outOfScope === 0 || noIntent === 0) {
      throw new Error("demo: a commit that should have been blocked went through");
    }
    if (granted !== 0) throw new Error("demo: the commit under an approved grant was refused");
    out(
      `\nNext: read the README's quick start, or try it here: ${values.keep ? dir : keepCommand(env.cwd)}`,
    );
    return ExitCode.Ok;
  } finally {
    if (!values.keep) await rm(base, { recursive: true, force: true });
  }
}

/**
 * The command that runs the demo again and keeps its repository, as it works from `cwd`: an
 * installed package (its bundle under node_modules) runs through npx; a checkout's own bundle is
 * on no PATH, so it is named by its path.
 */
function keepCommand(cwd: string): string {
  const cli = cliPath();
  if (cli.split(path.sep).includes("node_modules")) return "npx intentguard demo --keep";
  return `node ${shellQuote(path.relative(cwd, cli))} demo --keep`;
}
