import { lstatSync, rmSync } from "node:fs";
import path from "node:path";
import type { AgentEvent } from "../core/agent/agent-event.js";
import {
  type AfterToolFindings,
  type AgentOutcome,
  noFindings,
} from "../core/agent/agent-outcome.js";
import { gateSwitches } from "../core/agent/gate-switches.js";
import { protectedFromAgents } from "../core/agent/protected-paths.js";
import type { Clock } from "../core/clock.js";
import { isGovernancePath } from "../core/governance/governance-files.js";
import { notesRef } from "../core/trace/notes-ref.js";
import type { Environment } from "../environment.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readIfExists } from "../fs/read-if-exists.js";
import type { AgentMade } from "../gate/agent-made.js";
import { judgePaths } from "../gate/judge-paths.js";
import { type ChangedFiles, changedFiles, changedSince } from "../git/changed-files.js";
import { recordedOwnRef, removedByIntentguard } from "../git/own-refs.js";
import { type RefState, refState } from "../git/ref-values.js";
import type { Repo } from "../git/repo.js";
import { checkpointDir } from "./agent-state.js";
import {
  findEscapes,
  type KeptEscape,
  keepEscapes,
  keptEscapes,
  restoreEscapes,
} from "./escapes.js";
import { fileKey } from "./file-key.js";
import { changedSettings, gateSettings } from "./gate-settings.js";
import { observedRef, withObservations } from "./observation-store.js";
import { checkpoint, snapshotShellFiles, writerOf } from "./observe-writes.js";
import { plantedGit } from "./planted-git.js";
import type { Workspace } from "./work-tree-of.js";

/**
 * A shell command cannot be judged by path before it runs (but for what would switch the gate
 * off: gate-switches.ts); what it did is found after, against a snapshot taken before: the work
 * tree's changed files (git status, sizes and times: bounded by the changed files, not the tree),
 * every ref and HEAD (read from git's files), the gate's settings by meaning (gate-settings.ts)
 * and the size of the log of observed writes: one git process, as before there were checks.
 */
interface ShellSnapshot {
  version: 2;
  changed: ChangedFiles;
  refs: RefState;
  gate: Record<string, string>;
  log: number | null;
  /** The escapes kept before the command (escapes.ts): none may go but by being undone. */
  escapes: KeptEscape[];
}

/**
 * What the work tree's last shell command left (its refs and the gate's settings), for the next
 * command to compare with what it starts from: what changed in between (a process the command
 * left running, a tool no hook sees) is said too, never taken for the next command's own.
 */
interface LastSeen {
  version: 1;
  refs: RefState;
  gate: Record<string, string>;
}

function lastSeenFile(stateDir: string): string {
  return path.join(checkpointDir(stateDir), "shell", "last.json");
}

/** The last command's LastSeen, and its text (rewritten only when it changes). */
function readLastSeen(repo: Repo): { seen: LastSeen | null; text: string } {
  try {
    const text = readIfExists(lastSeenFile(repo.stateDir), undefined, 64 << 20)?.toString("utf8");
    const value = text ? (JSON.parse(text) as LastSeen) : null;
    return { seen: value?.version === 1 ? value : null, text: text ?? "" };
  } catch {
    // unreadable: the chain starts again here (the command itself is still checked)
    return { seen: null, text: "" };
  }
}

function snapshotFile(stateDir: string, event: AgentEvent): string {
  const call = event.toolUseId ?? event.sessionId ?? "shell";
  return path.join(checkpointDir(stateDir), "shell", `${fileKey(call)}.json`);
}

function logFile(repo: Repo): string {
  return path.join(checkpointDir(repo.stateDir), "checkpoints.jsonl");
}

function logSize(repo: Repo): number | null {
  return lstatSync(logFile(repo), { throwIfNoEntry: false })?.size ?? null;
}

/** git's global configuration files: ~/.gitconfig and $XDG_CONFIG_HOME/git/config. */
function globalConfigFiles(env: Environment): string[] {
  return [path.join(env.home, ".gitconfig"), path.join(env.configHome, "git", "config")];
}

/**
 * Before a shell command: denied when its text would switch the gate off (INTENTGUARD=0,
 * core.hooksPath or an include set, a write into git's directory or any `.git`); otherwise what it
 * is measured against afterwards is taken, its git processes at once.
 */
export async function beforeShell(
  event: AgentEvent,
  where: Workspace,
  env: Environment,
): Promise<AgentOutcome> {
  const { cwd, home: repo } = where;
  if (!repo) return { kind: "allow" };
  const switches = gateSwitches(event.command ?? "", {
    cwd,
    home: env.home,
    gitDirs: [repo.gitDir, repo.commonDir],
    configFiles: globalConfigFiles(env),
  });
  if (switches.length > 0) return { kind: "deny", denial: { kind: "gate-switch", switches } };
  // git status first: what is read from files here is read while it runs.
  const status = changedFiles(repo.root);
  const refs = await refState(repo);
  const gate = gateSettings(repo, env, readLastSeen(repo).seen?.gate);
  const changed = await status;
  const snapshot: ShellSnapshot = {
    version: 2,
    changed,
    refs,
    gate,
    log: logSize(repo),
    escapes: keptEscapes(repo),
  };
  // The files already changed: their content, so that what the command does to them is told
  // apart from what a person had done (a clean file's "before" is what is staged).
  snapshotShellFiles(repo, event, Object.keys(changed));
  writeFileAtomic(snapshotFile(repo.stateDir, event), JSON.stringify(snapshot));
  return { kind: "allow" };
}

function readSnapshot(file: string): ShellSnapshot | null {
  try {
    const saved = readIfExists(file);
    const value = saved ? (JSON.parse(saved.toString("utf8")) as ShellSnapshot) : null;
    return value?.version === 2 ? value : null;
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * After a shell command, against the snapshot before it: the files it changed outside the intent's
 * scope (or in an agent's hooks); the gate's settings it changed; `.git` entries planted below the
 * root; branches it left reaching commits past the landing gate (escapes: kept, for status,
 * doctor, the next commit and pre-push to say, and for pre-push to refuse); intentguard's own
 * refs moved other than by intentguard, the observed lines included (put back, and withheld), and
 * the log of observed writes shortened. A snapshot that is gone is itself reported. Files in scope
 * are checkpointed as the agent's. The rules files are left to the commit gate: `intentguard scope
 * request`, which an agent may run, writes them (and the ledger records it).
 */
export async function afterShell(
  agentName: string,
  event: AgentEvent,
  repo: Repo | null,
  agent: AgentMade,
  clock: Clock,
  env: Environment,
): Promise<AgentOutcome> {
  if (!repo) return { kind: "allow" };
  const findings = noFindings();
  const before = readSnapshot(snapshotFile(repo.stateDir, event));
  const { seen: last, text: lastText } = readLastSeen(repo);
  // git status first: what is read from files here is read while it runs.
  const status = changedFiles(repo.root);
  const refs = await refState(repo);
  const gate = gateSettings(repo, env, before?.gate);
  const plantedInTracked = await plantedGit.inTracked(repo);
  const changedNow = await status;
  const planted = plantedGit.inChanged(repo, Object.keys(changedNow), plantedInTracked);
  const seen = JSON.stringify({ version: 1, refs, gate } satisfies LastSeen);
  if (seen !== lastText) writeFileAtomic(lastSeenFile(repo.stateDir), seen);
  // The observed lines' ref against intentguard's record of it: checked (and put back) only when
  // they differ, which costs no git process when nothing was observed.
  const observed = observedRef(repo);
  if ((refs.watched[observed] ?? null) !== recordedOwnRef(repo, observed)) {
    const found = await withObservations(repo, clock, "shell", async (_, tampering) => tampering);
    if (found) findings.tampering.push({ kind: "observations", ...found });
  } else if (
    before?.refs.watched[observed] !== undefined &&
    refs.watched[observed] === undefined &&
    !removedByIntentguard(repo, observed)
  ) {
    // The ref and intentguard's record of it both gone: what they held is past telling here.
    findings.tampering.push({ kind: "observations", how: "removed", files: [] });
  }
  if (!before) {
    findings.tampering.push({ kind: "shell-snapshot-missing" });
    findings.planted.push(...planted);
    return { kind: "report", findings };
  }
  findings.gate.push(...changedSettings(before.gate, gate));
  if (last) findings.gateBetween.push(...changedSettings(last.gate, before.gate));
  if (
    refs.watched[notesRef] !== before.refs.watched[notesRef] &&
    refs.watched[notesRef] !== recordedOwnRef(repo, notesRef)
  ) {
    findings.tampering.push({
      kind: "own-ref",
      ref: notesRef,
      how: refs.watched[notesRef] === undefined ? "removed" : "changed",
    });
  }
  const log = logSize(repo);
  if (before.log !== null && (log === null || log < before.log))
    findings.tampering.push({ kind: "log" });
  const between = last ? await findEscapes(repo, last.refs, before.refs) : [];
  const escapes = [
    ...between.map((found) => ({ ...found, between: true as const })),
    ...(await findEscapes(repo, before.refs, refs)),
  ];
  findings.escapes.push(...escapes);
  if (await restoreEscapes(repo, before.escapes ?? [])) {
    findings.tampering.push({ kind: "escapes" });
  }
  keepEscapes(repo, clock, escapes, { agent: agentName, session: event.sessionId });
  findings.planted.push(...planted);
  // A folder git lists whole is a repository of its own: a registered work tree or submodule,
  // or planted (reported above), never a file to judge.
  const changed = changedSince(before.changed, changedNow).filter(
    (name) => !isGovernancePath(name) && !findings.gate.includes(name) && !name.endsWith("/"),
  );
  await judgeChanged(repo, agentName, event, clock, env, agent, before, changed, findings);
  return reported(findings) ? { kind: "report", findings } : { kind: "allow" };
}

/**
 * The files the command changed: judged against the intent (out of scope, or an agent's hooks:
 * reported), the others checkpointed as the agent's.
 */
async function judgeChanged(
  repo: Repo,
  agentName: string,
  event: AgentEvent,
  clock: Clock,
  env: Environment,
  agent: AgentMade,
  before: ShellSnapshot,
  changed: readonly string[],
  findings: AfterToolFindings,
): Promise<void> {
  if (changed.length === 0) return;
  const verdict = await judgePaths(
    repo,
    changed.map((name) => path.join(repo.root, name)),
    undefined,
    { ...env, cwd: repo.root },
    { agent },
  );
  const refused = new Set(verdict.paths.filter((one) => !one.admitted).map((one) => one.path));
  for (const name of changed) if (protectedFromAgents(name)) refused.add(name);
  const writer = writerOf(agentName, repo, event);
  for (const name of changed) {
    if (refused.has(name)) continue;
    const done = await checkpoint(repo, clock, name, path.join(repo.root, name), writer, {
      event,
      expected: false,
      cleanBefore: !(name in before.changed),
    });
    if (done.tampering) findings.tampering.push({ kind: "observations", ...done.tampering });
  }
  if (refused.size > 0 || verdict.outcome === "blocked") {
    findings.outOfScope = { files: refused.size > 0 ? [...refused] : [...changed], verdict };
  }
}

function reported(findings: AfterToolFindings): boolean {
  return (
    findings.outOfScope !== null ||
    findings.gate.length > 0 ||
    findings.gateBetween.length > 0 ||
    findings.planted.length > 0 ||
    findings.escapes.length > 0 ||
    findings.tampering.length > 0
  );
}
