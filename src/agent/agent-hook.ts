import { readFileSync } from "node:fs";
import path from "node:path";
import { type AgentDialect, type AgentEvent, PayloadError } from "../core/agent/agent-event.js";
import type { AgentHookResult, AgentOutcome } from "../core/agent/agent-outcome.js";
import { decodePayload } from "../core/agent/decode-payload.js";
import { dialectNamed, dialects } from "../core/agent/dialects/index.js";
import type { NamedPath } from "../core/agent/tool-paths.js";
import type { Clock } from "../core/clock.js";
import { selectableIntents } from "../core/governance/governance.js";
import { intentContext } from "../core/intent/intent-context.js";
import type { Environment } from "../environment.js";
import { ExitCode, FailureError } from "../errors.js";
import type { AgentMade } from "../gate/agent-made.js";
import type { Repo } from "../git/repo.js";
import { currentGovernance } from "../governance/current-governance.js";
import { readSelection } from "../state/selection.js";
import { decideWrite } from "./decide-write.js";
import { observeWrites } from "./observe-writes.js";
import { rememberSession } from "./sessions.js";
import { afterShell, beforeShell } from "./shell-writes.js";
import { listedReader, repositoryPaths } from "./unknown-tools.js";
import { homeOf, type Workspace } from "./work-tree-of.js";

/**
 * `agent-hook <agent>`, from the CLI or its own small bundle (src/agent-hook-cli.ts): the named
 * agent's payload from stdin, decided; the caller answers in the agent's dialect
 * (src/report/verdict/agent-hook-messages.ts agentHookAnswer).
 */
export async function decideAgentHook(
  name: string | undefined,
  clock: Clock,
  env: Environment,
): Promise<AgentHookResult> {
  const dialect = name === undefined ? undefined : dialectNamed(name);
  if (!dialect) {
    const known = dialects.map((one) => one.name);
    throw new FailureError(
      { kind: "unknown-agent", name, known },
      ExitCode.CannotEvaluate,
      "agent-hook",
    );
  }
  return runAgentHook(dialect, await readStdin(), clock, env);
}

/**
 * The payload: read in one call when stdin is a pipe or a file (no stream machinery to load on
 * every edit); streamed when the descriptor will not be read that way (EAGAIN).
 */
async function readStdin(): Promise<Buffer> {
  try {
    return readFileSync(0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/**
 * One call of an agent's hook: reads its payload in its dialect, and decides. Before a write the
 * files are judged (decide-write.ts) and snapshotted; after it, the lines the agent wrote are
 * checkpointed (observe-writes.ts); around a shell command, what it changed is judged and
 * checkpointed (shell-writes.ts); at session start the agent is told its intent. Fails closed: a
 * payload it cannot read, or any error, is a deny, answered in the agent's blocking dialect.
 */
export async function runAgentHook(
  dialect: AgentDialect,
  payload: Uint8Array,
  clock: Clock,
  env: Environment,
): Promise<AgentHookResult> {
  let event: AgentEvent;
  try {
    event = dialect.read(decodePayload(payload));
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    const denial = { kind: "unreadable", agent: dialect.title, problem: error.problem } as const;
    return { dialect, event: null, outcome: { kind: "deny", denial } };
  }
  try {
    return { dialect, event, outcome: await decide(dialect, event, clock, env) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { dialect, event, outcome: { kind: "deny", denial: { kind: "failed", why } } };
  }
}

async function decide(
  dialect: AgentDialect,
  event: AgentEvent,
  clock: Clock,
  env: Environment,
): Promise<AgentOutcome> {
  if (event.moment === "other") return { kind: "allow" };
  const cwd = event.cwd ? path.resolve(env.cwd, event.cwd) : env.cwd;
  const projectDir = event.projectDir ?? env.agentProjectDirs[dialect.name] ?? null;
  const where = {
    cwd,
    home: homeOf(projectDir === null ? null : path.resolve(cwd, projectDir), cwd),
  };
  const agent: AgentMade = { agent: dialect.name, declaredBy: `its ${dialect.title} hook` };
  switch (event.moment) {
    case "session-start": {
      if (!where.home) return { kind: "allow" };
      rememberSession(where.home.stateDir, event);
      return sessionContext(where.home);
    }
    case "before-write": {
      const unknown = event.unknownTool ? await unknownToolWrites(event, where) : null;
      if (unknown?.length === 0) return { kind: "allow" };
      const paths = unknown ? unknown.map((one) => one.path) : event.paths;
      const { decision, targets } = await decideWrite(paths, event.tool, where, agent, env);
      if (decision.kind === "allow") observeWrites.before(targets, event);
      if (decision.kind !== "deny" || !unknown) return decision;
      return { ...decision, unknownTool: { tool: event.tool, named: unknown } };
    }
    case "after-write": {
      const unknown = event.unknownTool ? await unknownToolWrites(event, where) : null;
      const paths = unknown ? unknown.map((one) => one.path) : event.paths;
      // A pre-write snapshot is owed for what was judged as named (not a string that only now
      // names a place in the repository: the tool may have made its folder).
      const named = new Set(unknown?.filter((one) => one.how === "named").map((one) => one.path));
      const expected = (given: string) => (unknown ? named.has(given) : true);
      return observeWrites.after(dialect.name, { ...event, paths }, where, clock, expected);
    }
    case "before-shell":
      return beforeShell(event, where, env);
    case "after-shell":
      return afterShell(dialect.name, event, where.home, agent, clock, env);
  }
}

/**
 * The files a tool no agent's list knows may write (an MCP server's): the strings it names that
 * are places in the repository — none when HEAD's policy lists it as a reader (agents.readers).
 */
async function unknownToolWrites(event: AgentEvent, where: Workspace): Promise<NamedPath[]> {
  const named = event.unknownTool ?? [];
  if (!where.home) return named.filter((one) => one.how === "named");
  const paths = repositoryPaths(named, where.cwd, where.home);
  if (paths.length === 0 || (await listedReader(where.home, event.tool))) return [];
  return paths;
}

/** What an agent is told when its session starts: the selected intent and its scope, or none. */
async function sessionContext(repo: Repo): Promise<AgentOutcome> {
  const root = repo.root;
  const current = await currentGovernance(repo);
  if (!current) return { kind: "context", root, context: null, selectable: [] };
  const selected = readSelection(repo.stateDir);
  const intent = current.governance.intents.find((candidate) => candidate.id === selected);
  const selectable = selectableIntents(current.governance).map((one) => `${one.id} (${one.name})`);
  const context = intent ? intentContext(current.governance, intent) : null;
  return { kind: "context", root, context, selectable };
}
