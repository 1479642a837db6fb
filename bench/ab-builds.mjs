// node bench/ab-builds.mjs <name>=<path to dist/cli.cjs> <name>=<path> [--rounds 30]
//                          [--only start,staged,commit,bigcommit,rebase,realrange,agent,range,backmerge,blame]
// Interleaved A/B of intentguard builds in the same minutes, each in repositories of its own
// built alike, every figure also as a ratio to its floor (what the issues set targets on):
//   start      a bare start (--version), against node -e 0
//   staged     check --staged, 1 staged file of 20,000 tracked, against node -e 0
//   commit     the time every hook adds to a 1-file commit (2,000 files), against node -e 0
//   bigcommit  the time the hooks add to a 20,000-file commit, against node -e 0 + git diff-tree
//              -p -U0 -M --raw of it; and the commit's peak memory
//   rebase     intentguard's own share of a 50-commit rebase (with its hooks, minus with a
//              reference-transaction hook that only exits), in node -e 0's
//   realrange  check --range over 200 commits shaped like an open-source project's
//              (buildProjectHistory), against node -e 0 + git log -p -U0 --raw over them
//   agent      an agent's pre-write decision (Claude Code, in scope), against node -e 0
//   agentcmd   the same through the command `agent install` writes (sh, its watchdog), against
//              sh -c 'node -e 0'
//   shell      an agent's shell check before a command and after it (Claude Code's Bash, nothing
//              changed), on a 2,000-file repository (1,100 folders) with 1,000 refs packed and 20
//              loose: each build's time, and the time it adds over the first build
// and, when named: range (check --range over 2,000 commits of 10 files), backmerge (the hooks on
// a merge of main, 50 commits ahead, into a feature branch), blame (trace blame --json of bench
// (l)'s real-shaped history against node -e 0 + git blame --line-porcelain).
// For telling a regression from the VM's noise, which moves node -e 0 by ±30% from one minute to
// the next: every round runs every job once, and each figure is a median with its interquartile
// range; a ratio is the median of the per-round ratios.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { interleaved, median, peakMemoryMb, timeOnce } from "./measure.mjs";
import {
  benchEnv,
  buildProjectHistory,
  buildRealShapedHistory,
  buildRepository,
  buildTopic,
  filePath,
  git,
  intentsYaml,
  traceHistory,
} from "./synthetic-repo.mjs";

const { values, positionals } = parseArgs({
  options: {
    rounds: { type: "string", default: "30" },
    only: {
      type: "string",
      default: "start,staged,commit,bigcommit,rebase,realrange,agent,agentcmd,shell",
    },
  },
  allowPositionals: true,
});
const rounds = Number(values.rounds);
const only = new Set(values.only.split(","));
// Absolute: each build runs (and installs its hooks) from inside the repositories.
const builds = Object.fromEntries(
  positionals.map((arg) => {
    const [name, file] = arg.split("=");
    return [name, path.resolve(file)];
  }),
);
const names = Object.keys(builds);
const work = mkdtempSync(path.join(os.tmpdir(), "intentguard-ab-"));
const env = { ...benchEnv(path.join(work, "home")), INTENTGUARD_INTENT: "INT-001" };
const node = process.execPath;
const log = (text) => process.stderr.write(`${text}\n`);
let clock = 1_900_000_000;
/** Each commit gets its own date, so no round recreates an object an earlier round made. */
const dated = (cwd) => {
  clock += 1;
  return { cwd, env: { ...env, GIT_COMMITTER_DATE: `${clock} +0000` } };
};
const noHooks = ["-c", "core.hooksPath=/dev/null"];

/** A repository per build, built alike, with that build's hooks installed. */
function repoPerBuild(label, build) {
  return Object.fromEntries(
    names.map((name) => {
      const dir = path.join(work, `${label}-${name}`);
      build(dir);
      spawnSync(node, [builds[name], "install"], { cwd: dir, env, stdio: "ignore" });
      return [name, dir];
    }),
  );
}

const jobs = { node: () => timeOnce(node, ["-e", "0"], { env }) };
/**
 * Rows to print: the label, the samples' key (`<key> <build>`), the key of samples to subtract
 * (a hookless run), the keys of the floor's samples added to node -e 0's, the target, and the
 * work's floor (bench/floors: what no implementation can skip) printed beside the builds.
 */
const rows = [];
const row = (label, key, { minus, floor = [], target, workFloor, added } = {}) =>
  rows.push({ label, key, minus, floor, target, workFloor, added });
const floors = path.join(path.dirname(new URL(import.meta.url).pathname), "floors");
/** Peak memory per build, measured once after the rounds: [label, build → () => MB]. */
const memories = [];

if (only.has("start")) {
  for (const name of names) {
    jobs[`start ${name}`] = () => timeOnce(node, [builds[name], "--version"], { env });
  }
  row("bare start (--version)", "start", { target: 1.05 });
}

if (only.has("staged")) {
  log("building 20,000-file repositories…");
  const repos = repoPerBuild("staged", (dir) => {
    buildRepository(dir, env, { files: 20000, changes: [] });
    git(dir, env, ["reset", "-q", "--hard"]);
  });
  let edit = 0;
  for (const name of names) {
    jobs[`staged ${name}`] = () => {
      edit += 1;
      const file = filePath(edit % 20000);
      git(repos[name], env, ["reset", "-q"]);
      writeFileSync(path.join(repos[name], file), `export const edited = ${edit};\n`);
      git(repos[name], env, ["add", file]);
      return timeOnce(node, [builds[name], "check", "--staged"], { cwd: repos[name], env });
    };
  }
  jobs["staged work-floor"] = () =>
    timeOnce(node, [path.join(floors, "staged-floor.cjs")], { cwd: repos[names[0]], env });
  row("check --staged, 1 staged file of 20,000 tracked", "staged", {
    target: 1.3,
    workFloor: "what it must ask git, from Node",
  });
}

if (only.has("commit")) {
  log("building 2,000-file repositories…");
  const repos = repoPerBuild("commit", (dir) => {
    buildRepository(dir, env, { files: 2000, changes: [] });
    git(dir, env, ["reset", "-q", "--hard"]);
  });
  let edit = 0;
  for (const name of names) {
    const dir = repos[name];
    const commit = (config) => () => {
      edit += 1;
      writeFileSync(path.join(dir, filePath(edit % 2000)), `export const edited = ${edit};\n`);
      git(dir, env, ["add", filePath(edit % 2000)]);
      return timeOnce("git", [...config, "commit", "-q", "-m", `edit ${edit}`], dated(dir));
    };
    jobs[`commit ${name}`] = commit([]);
    jobs[`commit-bare ${name}`] = commit(noHooks);
    if (name === names[0]) {
      jobs["commit work-floor"] = commit(["-c", `core.hooksPath=${path.join(floors, "hooks")}`]);
    }
  }
  row("time every hook adds to a 1-file commit", "commit", {
    minus: "commit-bare",
    target: 1.5,
    workFloor: "the least hooks that trail, list, diff into Node and note",
  });
}

if (only.has("bigcommit")) {
  // The index holds a 20,000-file change; each round commits it on top of main (with and
  // without hooks), and main goes back.
  log("building 20,000-file repositories with a 20,000-file change…");
  const repos = repoPerBuild("big", (dir) => {
    buildRepository(dir, env, { files: 20000, changes: [20000] });
    git(dir, env, ["reset", "-q", "--hard"]);
    git(dir, env, ["read-tree", "change-20000"]);
  });
  for (const name of names) {
    const dir = repos[name];
    const base = git(dir, env, ["rev-parse", "main"]).trim();
    const commit = (config) => () => {
      git(dir, env, ["update-ref", "refs/heads/main", base]);
      return timeOnce("git", [...config, "commit", "-q", "-m", "Large change"], dated(dir));
    };
    jobs[`big ${name}`] = commit([]);
    jobs[`big-bare ${name}`] = commit(noHooks);
    memories.push([
      "peak memory of the 20,000-file commit with hooks",
      name,
      () => {
        git(dir, env, ["update-ref", "refs/heads/main", base]);
        return peakMemoryMb("git", ["commit", "-q", "-m", "Large change"], dated(dir));
      },
    ]);
  }
  const dir = repos[names[0]];
  git(dir, env, ["commit", "-q", "-m", "Large change"], undefined);
  const large = git(dir, env, ["rev-parse", "HEAD"]).trim();
  git(dir, env, ["update-ref", "refs/heads/main", `${large}~1`]);
  jobs["diff-tree"] = () =>
    timeOnce("git", ["diff-tree", "-p", "-U0", "-M", "--raw", large], { cwd: dir, env });
  row("time the hooks add to a 20,000-file commit", "big", {
    minus: "big-bare",
    floor: ["diff-tree"],
    target: 2.0,
  });
}

if (only.has("rebase")) {
  log("building 50-commit topics…");
  const noop = path.join(work, "noop-hooks");
  mkdirSync(noop, { recursive: true });
  writeFileSync(path.join(noop, "reference-transaction"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  const repos = repoPerBuild("rebase", (dir) => {
    buildRepository(dir, env, { files: 1000, changes: [] });
    git(dir, env, ["reset", "-q", "--hard"]);
  });
  for (const name of names) {
    const tip = buildTopic(repos[name], env, { commits: 50, files: 1000 });
    const rebase = (config) => () => {
      git(repos[name], env, ["checkout", "-q", "-B", "rebased", tip]);
      const args = [...config, "rebase", "-q", "--force-rebase", "main"];
      return timeOnce("git", args, dated(repos[name]));
    };
    jobs[`rebase ${name}`] = rebase([]);
    jobs[`rebase-noop ${name}`] = rebase(["-c", `core.hooksPath=${noop}`]);
  }
  row("intentguard's own share of a 50-commit rebase", "rebase", {
    minus: "rebase-noop",
    target: 3,
  });
}

if (only.has("realrange")) {
  log("building project-shaped histories of 200 commits…");
  const repos = repoPerBuild("project", (dir) => buildProjectHistory(dir, env, {}));
  for (const name of names) {
    jobs[`realrange ${name}`] = () =>
      timeOnce(node, [builds[name], "check", "--range", "main..project"], {
        cwd: repos[name],
        env,
      });
  }
  jobs["git-log"] = () =>
    timeOnce("git", ["log", "-p", "-U0", "--raw", "main..project"], { cwd: repos[names[0]], env });
  row("check --range, 200 project-shaped commits", "realrange", {
    floor: ["git-log"],
    target: 1.5,
  });
}

if (only.has("agent")) {
  // As `agent install` runs it: the agent hooks' own bundle, beside each build's CLI.
  const repos = repoPerBuild("agent", (dir) => {
    mkdirSync(path.join(dir, "src"), { recursive: true });
    git(dir, env, ["init", "-q"]);
    mkdirSync(path.join(dir, ".orchestration"), { recursive: true });
    writeFileSync(path.join(dir, ".orchestration/active_intents.yaml"), intentsYaml);
    const lines = Array.from({ length: 2000 }, (_, n) => `export const line${n} = ${n};`);
    writeFileSync(path.join(dir, "src/big.ts"), `${lines.join("\n")}\n`);
    git(dir, env, ["add", "-A"]);
    git(dir, env, ["commit", "-q", "-m", "Adopt"]);
  });
  const agentEnv = { ...env };
  delete agentEnv.INTENTGUARD_INTENT;
  let call = 0;
  for (const name of names) {
    const dir = repos[name];
    timeOnce(node, [builds[name], "select", "INT-001"], { cwd: dir, env: agentEnv });
    const agentHook = path.join(path.dirname(builds[name]), "agent-hook.cjs");
    jobs[`agent ${name}`] = () => {
      call += 1;
      const input = JSON.stringify({
        session_id: "bench",
        transcript_path: "/dev/null",
        cwd: dir,
        hook_event_name: "PreToolUse",
        tool_name: "Edit",
        tool_input: { file_path: path.join(dir, "src/big.ts"), old_string: "a", new_string: "b" },
        tool_use_id: `tool-${call}`,
      });
      return timeOnce(node, [agentHook, "claude-code"], { cwd: dir, env: agentEnv, input });
    };
  }
  row("an agent's pre-write decision (Claude Code, in scope)", "agent", { target: 1.3 });
}

/** A governed 2,000-file repository with `INT-001` selected for the agent hooks' rows. */
function agentRepos(label, extra = () => {}) {
  const repos = repoPerBuild(label, (dir) => {
    buildRepository(dir, env, { files: 2000, changes: [] });
    git(dir, env, ["reset", "-q", "--hard"]);
    extra(dir);
  });
  const agentEnv = { ...env };
  delete agentEnv.INTENTGUARD_INTENT;
  for (const name of names) {
    timeOnce(node, [builds[name], "select", "INT-001"], { cwd: repos[name], env: agentEnv });
  }
  return { repos, agentEnv };
}

const claudePayload = (dir, event, tool, input, id) =>
  JSON.stringify({
    session_id: "bench",
    transcript_path: "/dev/null",
    cwd: dir,
    hook_event_name: event,
    tool_name: tool,
    tool_input: input,
    tool_use_id: id,
  });

if (only.has("agentcmd")) {
  log("building repositories for the installed agent command…");
  const { repos, agentEnv } = agentRepos("agentcmd");
  let call = 0;
  for (const name of names) {
    const dir = repos[name];
    timeOnce(node, [builds[name], "agent", "install", "claude-code"], { cwd: dir, env: agentEnv });
    const settings = JSON.parse(readFileSync(path.join(dir, ".claude/settings.json"), "utf8"));
    const command = settings.hooks.PreToolUse[0].hooks[0].command;
    jobs[`agentcmd ${name}`] = () => {
      call += 1;
      const input = claudePayload(
        dir,
        "PreToolUse",
        "Edit",
        { file_path: path.join(dir, filePath(1)), old_string: "a", new_string: "b" },
        `tool-${call}`,
      );
      return timeOnce("sh", ["-c", command], { cwd: dir, env: agentEnv, input });
    };
  }
  jobs["agentcmd-floor"] = () => timeOnce("sh", ["-c", "node -e 0"], { env });
  row("the pre-write decision through the installed command (its sh and watchdog)", "agentcmd", {
    target: 1.3,
  });
}

if (only.has("shell")) {
  log("building 2,000-file repositories with 1,000 refs…");
  const { repos, agentEnv } = agentRepos("shell", (dir) => {
    const head = git(dir, env, ["rev-parse", "HEAD"]).trim();
    const refs = Array.from({ length: 1000 }, (_, n) =>
      n % 4 === 0 ? `create refs/tags/t${n} ${head}` : `create refs/heads/branch-${n} ${head}`,
    );
    git(dir, env, ["update-ref", "--stdin"], Buffer.from(`${refs.join("\n")}\n`));
    // Packed, as a clone and every gc leave them; a few loose ones, as a fetch or a commit does.
    git(dir, env, ["pack-refs", "--all"]);
    for (let n = 0; n < 20; n++) git(dir, env, ["update-ref", `refs/heads/fresh-${n}`, head]);
  });
  let call = 0;
  for (const name of names) {
    const dir = repos[name];
    const agentHook = path.join(path.dirname(builds[name]), "agent-hook.cjs");
    const hook = (event, id) =>
      timeOnce(node, [agentHook, "claude-code"], {
        cwd: dir,
        env: agentEnv,
        input: claudePayload(dir, event, "Bash", { command: "npm test" }, id),
      });
    jobs[`shell-before ${name}`] = () => {
      call += 1;
      const time = hook("PreToolUse", `sh-${call}`);
      hook("PostToolUse", `sh-${call}`);
      return time;
    };
    jobs[`shell-after ${name}`] = () => {
      call += 1;
      hook("PreToolUse", `sh-${call}`);
      return hook("PostToolUse", `sh-${call}`);
    };
  }
  row("an agent's shell check before a command (1,000 refs)", "shell-before", { added: 20 });
  row("an agent's shell check after a command (1,000 refs)", "shell-after", { added: 20 });
}

if (only.has("blame")) {
  log("building and tracing a real-shaped history (bench (l))…");
  const dir = path.join(work, "real");
  const { tip, file } = buildRealShapedHistory(dir, env, {});
  traceHistory(dir, env, `${tip}~199`, tip, builds[names[0]]);
  git(dir, env, ["checkout", "-q", "real"]);
  jobs["git-blame"] = () =>
    timeOnce("git", ["blame", "--line-porcelain", "--", file], { cwd: dir, env });
  for (const name of names) {
    jobs[`blame ${name}`] = () =>
      timeOnce(node, [builds[name], "trace", "blame", "--json", file], { cwd: dir, env });
  }
  row("trace blame --json, 3,000-line changelog, 199 traced commits", "blame", {
    floor: ["git-blame"],
    target: 1.5,
  });
}

if (only.has("range")) {
  log("building histories of 2,000 commits of 10 files…");
  const repos = repoPerBuild("range", (dir) => {
    buildRepository(dir, env, { files: 1000, changes: [] });
    buildTopic(dir, env, { commits: 2000, files: 1000, filesPerCommit: 10, branch: "wide" });
  });
  for (const name of names) {
    jobs[`range ${name}`] = () =>
      timeOnce(node, [builds[name], "check", "--range", "main..wide"], { cwd: repos[name], env });
  }
  row("check --range, 2,000 commits of 10 files", "range");
}

if (only.has("backmerge")) {
  log("building feature branches with main 50 commits ahead…");
  const features = {};
  const repos = repoPerBuild("backmerge", (dir) => {
    buildRepository(dir, env, { files: 1000, changes: [] });
    buildTopic(dir, env, { commits: 3, files: 1000, branch: "feature", seed: 11, first: 500 });
    const ahead = buildTopic(dir, env, { commits: 50, files: 1000, branch: "ahead", seed: 13 });
    git(dir, env, ["update-ref", "refs/heads/main", ahead]);
    git(dir, env, ["checkout", "-q", "feature"]);
  });
  for (const name of names) {
    features[name] = git(repos[name], env, ["rev-parse", "feature"]).trim();
    const merge = (hooks) => () => {
      git(repos[name], env, ["reset", "-q", "--hard", features[name]]);
      const args = [...(hooks ? [] : noHooks), "merge", "-q", "--no-edit", "main"];
      return timeOnce("git", args, dated(repos[name]));
    };
    jobs[`backmerge ${name}`] = merge(true);
    jobs[`backmerge-bare ${name}`] = merge(false);
  }
  row("hooks' time on a merge of main into a feature branch", "backmerge", {
    minus: "backmerge-bare",
  });
}

log(`${rounds} interleaved rounds…`);
for (const job of Object.values(jobs)) job(); // warm: rules caches, page cache
const samples = interleaved(jobs, rounds);

const quartiles = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
  return [at(0.25), at(0.75)];
};
const describe = (values, digits = 1, unit = " ms") => {
  const [low, high] = quartiles(values);
  return `${median(values).toFixed(digits)}${unit} (IQR ${low.toFixed(digits)}–${high.toFixed(digits)})`;
};
const perRound = (values, f) => values.map((value, round) => f(value, round));
console.log(`node -e 0: ${describe(samples.node)}; ${rounds} rounds`);
for (const key of Object.keys(samples).filter((key) => !/ /.test(key) && key !== "node")) {
  console.log(`${key}: ${describe(samples[key])}`);
}
for (const { label, key, minus, floor, target, workFloor, added } of rows) {
  const floorOf = (round) =>
    samples.node[round] + floor.reduce((total, other) => total + samples[other][round], 0);
  const figure = (name, own, bare) => {
    const values = bare ? perRound(own, (value, round) => value - bare[round]) : own;
    return { name, values, ratios: perRound(values, (value, round) => value / floorOf(round)) };
  };
  const figures = names.map((name) =>
    figure(name, samples[`${key} ${name}`], minus && samples[`${minus} ${name}`]),
  );
  const floorName = ["node -e 0", ...floor].join(" + ");
  console.log(`${label}${target ? ` (target ≤ ${target}× ${floorName})` : ""}:`);
  const described = workFloor
    ? [
        ...figures,
        figure(
          `work floor, ${workFloor}`,
          samples[`${key} work-floor`],
          minus && samples[`${minus} ${names[0]}`],
        ),
      ]
    : figures;
  for (const { name, values, ratios } of described) {
    console.log(`  ${name}: ${describe(values)}; ${describe(ratios, 2, "×")} ${floorName}`);
  }
  const [first, ...others] = figures;
  for (const { name, values } of others) {
    const change = median(perRound(values, (value, round) => value / first.values[round]));
    console.log(`  ${name}/${first.name}: ${change.toFixed(3)}`);
    if (added !== undefined) {
      const more = perRound(values, (value, round) => value - first.values[round]);
      console.log(`  ${name} − ${first.name}: ${describe(more)} (target ≤ ${added} ms)`);
    }
  }
}
for (const [label, name, measure] of memories) {
  console.log(`${label}, ${name}: ${measure().toFixed(0)} MB (target ≤ 200)`);
}
rmSync(work, { recursive: true, force: true });
