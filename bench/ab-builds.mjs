// node bench/ab-builds.mjs <name>=<path to dist/cli.cjs> <name>=<path> [--rounds 30]
//                          [--only commit,staged,range,rebase,backmerge,blame]
// Interleaved A/B of intentguard builds in the same minutes, each in repositories of its own
// built alike: a 1-file commit with every hook and check --staged (2,000 files), check --range
// over 2,000 commits of 10 files, the time the hooks add to a 50-commit rebase, and to a merge of
// main (50 commits ahead) back into a feature branch, and (`blame`, not run by default) trace
// blame --json of bench (l)'s real-shaped history, one repository for all builds (traced by the
// first build's hooks), against node -e 0 + git blame --line-porcelain of the same file. For telling a regression from the VM's
// noise, which moves node -e 0 by ±30% from one minute to the next: every round runs every job
// once, and each figure is a median with its interquartile range.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { interleaved, median, timeOnce } from "./measure.mjs";
import {
  benchEnv,
  buildRealShapedHistory,
  buildRepository,
  buildTopic,
  filePath,
  git,
  traceHistory,
} from "./synthetic-repo.mjs";

const { values, positionals } = parseArgs({
  options: {
    rounds: { type: "string", default: "30" },
    only: { type: "string", default: "commit,staged,range,rebase,backmerge" },
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
/** Rows to print: [label, samples (or [with, without] to subtract)]. */
const rows = [];
/** Rows also given against node -e 0 + a git floor: [samples key, floor's samples key]. */
const floorRows = [];

if (only.has("commit") || only.has("staged")) {
  log("building 2,000-file repositories…");
  const repos = repoPerBuild("small", (dir) => {
    buildRepository(dir, env, { files: 2000, changes: [] });
    git(dir, env, ["reset", "-q", "--hard"]);
  });
  let edit = 0;
  for (const name of names) {
    const dir = repos[name];
    const stage = () => {
      edit += 1;
      writeFileSync(path.join(dir, filePath(edit % 2000)), `export const edited = ${edit};\n`);
      git(dir, env, ["add", filePath(edit % 2000)]);
    };
    if (only.has("staged")) {
      jobs[`staged ${name}`] = () => {
        stage();
        return timeOnce(node, [builds[name], "check", "--staged"], { cwd: dir, env });
      };
    }
    if (only.has("commit")) {
      jobs[`commit ${name}`] = () => {
        stage();
        return timeOnce("git", ["commit", "-q", "-m", `edit ${edit}`], dated(dir));
      };
      jobs[`commit-bare ${name}`] = () => {
        stage();
        return timeOnce("git", [...noHooks, "commit", "-q", "-m", `edit ${edit}`], dated(dir));
      };
    }
  }
  if (only.has("staged")) rows.push(["check --staged, 1 file of 2,000", "staged"]);
  if (only.has("commit")) rows.push(["hooks' time on a 1-file commit", "commit", "commit-bare"]);
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
  rows.push(["trace blame --json, 3,000-line changelog, 199 traced commits", "blame"]);
  floorRows.push(["blame", "git-blame"]);
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
  rows.push(["check --range, 2,000 commits of 10 files", "range"]);
}

if (only.has("rebase")) {
  log("building 50-commit topics…");
  const tips = {};
  const repos = repoPerBuild("rebase", (dir) => {
    buildRepository(dir, env, { files: 1000, changes: [] });
    git(dir, env, ["reset", "-q", "--hard"]);
  });
  for (const name of names) {
    tips[name] = buildTopic(repos[name], env, { commits: 50, files: 1000 });
    const rebase = (hooks) => () => {
      git(repos[name], env, ["checkout", "-q", "-B", "rebased", tips[name]]);
      const args = [...(hooks ? [] : noHooks), "rebase", "-q", "--force-rebase", "main"];
      return timeOnce("git", args, dated(repos[name]));
    };
    jobs[`rebase ${name}`] = rebase(true);
    jobs[`rebase-bare ${name}`] = rebase(false);
  }
  rows.push(["hooks' time on a 50-commit rebase", "rebase", "rebase-bare"]);
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
  rows.push([
    "hooks' time on a merge of main into a feature branch",
    "backmerge",
    "backmerge-bare",
  ]);
}

log(`${rounds} interleaved rounds…`);
for (const job of Object.values(jobs)) job(); // warm: rules caches, page cache
const samples = interleaved(jobs, rounds);

const quartiles = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
  return [at(0.25), at(0.75)];
};
const describe = (values) => {
  const [low, high] = quartiles(values);
  return `${median(values).toFixed(1)} ms (IQR ${low.toFixed(1)}–${high.toFixed(1)})`;
};
console.log(`node -e 0: ${describe(samples.node)}; ${rounds} rounds`);
for (const [label, key, bare] of rows) {
  const figures = names.map((name) => {
    const values = bare
      ? samples[`${key} ${name}`].map((value, round) => value - samples[`${bare} ${name}`][round])
      : samples[`${key} ${name}`];
    return { name, values };
  });
  const [first] = figures;
  const line = figures.map(({ name, values }) => `${name} ${describe(values)}`).join(" | ");
  const ratios = figures
    .slice(1)
    .map(({ name, values }) => {
      const perRound = values.map((value, round) => value / first.values[round]);
      return `${name}/${first.name} ${median(perRound).toFixed(3)}`;
    })
    .join(", ");
  console.log(`${label}: ${line}${ratios ? ` — ${ratios}` : ""}`);
}
for (const [key, floorKey] of floorRows) {
  const floor = samples.node.map((value, round) => value + samples[floorKey][round]);
  const perBuild = names.map((name) => {
    const perRound = samples[`${key} ${name}`].map((value, round) => value / floor[round]);
    const [low, high] = quartiles(perRound);
    return `${name} ${median(perRound).toFixed(2)} (IQR ${low.toFixed(2)}–${high.toFixed(2)})`;
  });
  console.log(
    `${key} against node -e 0 + ${floorKey} (${describe(samples[floorKey])}), per-round ratio: ${perBuild.join(" | ")}`,
  );
}
rmSync(work, { recursive: true, force: true });
