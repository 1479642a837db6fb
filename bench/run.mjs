// npm run bench [-- --builds before=<old dist/cli.cjs>,after=dist/cli.cjs --rounds 30
//                  [--only commit,staged,range,rebase,backmerge,blame]]
// npm run bench [-- --files 100000 --change 20000 --commit-files 1000 --rebase 50
//                  --verify-commits 10000 --check-commits 2000 --blame-lines 5000
//                  --history-commits 1000 --directory-files 200 --real-lines 3000
//                  --real-commits 200 --rounds 15 --only a,b,c,d,e,f,g,h,i,j,k,l,m,n]
// Measures intentguard against raw git and bare Node in the same run and prints the ratios the
// issues set as targets. Never used as a test: timings belong here, not in assertions.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { interleaved, median, pairedRatio, peakMemoryMb, spread, timeOnce } from "./measure.mjs";
import {
  benchEnv,
  buildEditHistory,
  buildRealShapedHistory,
  buildRepository,
  buildTopic,
  filePath,
  git,
  intentsYaml,
  traceHistory,
} from "./synthetic-repo.mjs";

const { values } = parseArgs({
  options: {
    files: { type: "string", default: "100000" },
    change: { type: "string", default: "20000" },
    "commit-files": { type: "string", default: "1000" },
    rebase: { type: "string", default: "50" },
    "verify-commits": { type: "string", default: "10000" },
    "check-commits": { type: "string", default: "2000" },
    "blame-lines": { type: "string", default: "5000" },
    "history-commits": { type: "string", default: "1000" },
    "directory-files": { type: "string", default: "200" },
    "real-lines": { type: "string", default: "3000" },
    "real-commits": { type: "string", default: "200" },
    rounds: { type: "string", default: "15" },
    only: { type: "string", default: "a,b,c,d,e,f,g,h,i,j,k,l,m,n" },
    keep: { type: "boolean", default: false },
    builds: { type: "string" },
  },
});
if (values.builds) {
  // `--builds before=<dist/cli.cjs>,after=<dist/cli.cjs>`: builds side by side (ab-builds.mjs).
  const script = fileURLToPath(new URL("./ab-builds.mjs", import.meta.url));
  const args = [script, ...values.builds.split(","), "--rounds", values.rounds];
  // Its own jobs (commit, staged, range, rebase, backmerge, blame), when named.
  if (process.argv.some((arg) => arg === "--only" || arg.startsWith("--only="))) {
    args.push("--only", values.only);
  }
  process.exit(spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1);
}
const files = Number(values.files);
const changeSize = Number(values.change);
const commitFiles = Number(values["commit-files"]);
const rebaseSize = Number(values.rebase);
const verifyCommits = Number(values["verify-commits"]);
const checkCommits = Number(values["check-commits"]);
const blameLines = Number(values["blame-lines"]);
const historyCommits = Number(values["history-commits"]);
const directoryFiles = Number(values["directory-files"]);
const realLines = Number(values["real-lines"]);
const realCommits = Number(values["real-commits"]);
const rounds = Number(values.rounds);
/** Which benchmarks to run (`--only c,e` while working on the hooks). */
const only = new Set(values.only.split(","));

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, "dist", "cli.cjs");
const node = process.execPath;
const work = mkdtempSync(path.join(os.tmpdir(), "intentguard-bench-"));
const env = { ...benchEnv(path.join(work, "home")), INTENTGUARD_INTENT: "INT-001" };
const results = [];
const log = (text) => process.stderr.write(`${text}\n`);

function report(name, samples, floors, target, detail) {
  const result = {
    name,
    measured: median(samples),
    floor: median(floors),
    ratio: pairedRatio(samples, floors),
    target,
    detail,
  };
  results.push(result);
  log(`  ${name}: ${result.ratio.toFixed(2)}${target ? ` (target ≤ ${target})` : ""} — ${detail}`);
}

/** A TypeScript module of src/, bundled on the fly (esbuild) to time it in this process. */
async function loadModule(entry) {
  const { build } = await import("esbuild");
  const outfile = path.join(work, `${path.basename(entry, ".ts")}.cjs`);
  await build({ entryPoints: [entry], bundle: true, platform: "node", format: "cjs", outfile });
  return createRequire(import.meta.url)(outfile);
}

const ms = (samples) => `${median(samples).toFixed(1)} ms`;
/** A median with its interquartile range. */
const msSpread = (samples) => `${median(samples).toFixed(1)} ms (${spread(samples)})`;
const sum = (a, b) => a.map((value, round) => value + b[round]);
const minus = (a, b) => a.map((value, round) => value - b[round]);
const nodeFloor = (opts) => () => timeOnce(node, ["-e", "0"], opts);
/** Each commit gets its own date, so no round recreates an object an earlier round made. */
let clock = 1_800_000_000;
const dated = (opts) => {
  clock += 1;
  return { ...opts, env: { ...opts.env, GIT_COMMITTER_DATE: `${clock} +0000` } };
};

try {
  if (only.has("a") || only.has("b") || only.has("d")) {
    log(`building a repository of ${files} files with a ${changeSize}-file change…`);
    const large = path.join(work, "large");
    buildRepository(large, env, { files, changes: [1, changeSize] });
    const largeOpts = { cwd: large, env };
    const check = () => timeOnce(node, [cli, "check", "--staged"], largeOpts);

    if (only.has("a")) {
      // (a) one staged file in a large repository.
      git(large, env, ["read-tree", "change-1"]);
      check(); // warm: the rules cache, the page cache
      const a = interleaved({ node: nodeFloor(largeOpts), check }, rounds);
      report(
        `(a) check --staged, 1 staged file, ${files} tracked files, vs node -e 0`,
        a.check,
        a.node,
        1.3,
        `check ${ms(a.check)}, node -e 0 ${ms(a.node)}`,
      );
    }
    // (b) and (d) judge a large staged change: the index holds it from here on.
    git(large, env, ["read-tree", `change-${changeSize}`]);
    if (only.has("b")) {
      // (b) a large staged change.
      const diffIndex = () =>
        timeOnce("git", ["diff-index", "--cached", "-z", "--raw", "HEAD"], largeOpts);
      check();
      const b = interleaved({ node: nodeFloor(largeOpts), diffIndex, check }, rounds);
      const checkMemory = peakMemoryMb(node, [cli, "check", "--staged"], largeOpts);
      report(
        `(b) check --staged, ${changeSize}-file change, vs node -e 0 + git diff-index`,
        b.check,
        sum(b.node, b.diffIndex),
        1.5,
        `check ${ms(b.check)}, node ${ms(b.node)} + diff-index ${ms(b.diffIndex)}; peak memory ${checkMemory.toFixed(0)} MB (target ≤ 200)`,
      );
    }
    if (only.has("d")) {
      // (d) the hooks on a 20,000-file commit: the index holds the change; each round commits it on
      // top of main (with and without hooks), and main goes back.
      spawnSync(node, [cli, "install"], { ...largeOpts, stdio: "ignore" });
      const base = git(large, env, ["rev-parse", "main"]).trim();
      const commitLarge = (hooks) => () => {
        git(large, env, ["update-ref", "refs/heads/main", base]);
        const config = hooks ? [] : ["-c", "core.hooksPath=/dev/null"];
        return timeOnce("git", [...config, "commit", "-q", "-m", "Large change"], dated(largeOpts));
      };
      commitLarge(true)();
      const largeCommit = git(large, env, ["rev-parse", "HEAD"]).trim();
      const diffTree = () =>
        timeOnce("git", ["diff-tree", "-p", "-U0", "-M", "--raw", largeCommit], largeOpts);
      const d = interleaved(
        {
          node: nodeFloor(largeOpts),
          diffTree,
          withHooks: commitLarge(true),
          noHooks: commitLarge(false),
        },
        Math.max(5, Math.ceil(rounds / 2)),
      );
      git(large, env, ["update-ref", "refs/heads/main", base]);
      const largeMemory = peakMemoryMb(
        "git",
        ["commit", "-q", "-m", "Large change"],
        dated(largeOpts),
      );
      report(
        `(d) time the hooks add to a ${changeSize}-file git commit, vs node -e 0 + git diff-tree -p -U0 -M --raw`,
        minus(d.withHooks, d.noHooks),
        sum(d.node, d.diffTree),
        2.0,
        `commit with hooks ${ms(d.withHooks)}, without ${ms(d.noHooks)}; node ${ms(d.node)} + diff-tree ${ms(d.diffTree)}; peak memory ${largeMemory.toFixed(0)} MB (target ≤ 200)`,
      );
    }
  }

  if (only.has("c") || only.has("e")) {
    // (c) commits of one file in a checked-out repository, with every hook and with none.
    log(`building a ${commitFiles}-file repository for commits…`);
    const small = path.join(work, "small");
    buildRepository(small, env, { files: commitFiles, changes: [] });
    git(small, env, ["reset", "-q", "--hard"]);
    const smallOpts = { cwd: small, env };
    spawnSync(node, [cli, "install"], { ...smallOpts, stdio: "ignore" });
    if (only.has("c")) {
      let edit = 0;
      const commitOnce = (hooks) => () => {
        edit++;
        writeFileSync(
          path.join(small, filePath(edit % commitFiles)),
          `export const edited = ${edit};\n`,
        );
        git(small, env, ["add", filePath(edit % commitFiles)]);
        const config = hooks ? [] : ["-c", "core.hooksPath=/dev/null"];
        return timeOnce("git", [...config, "commit", "-q", "-m", `edit ${edit}`], smallOpts);
      };
      const withHooks = commitOnce(true);
      const noHooks = commitOnce(false);
      withHooks();
      const c = interleaved({ node: nodeFloor(smallOpts), withHooks, noHooks }, rounds);
      report(
        "(c) time all hooks add to a 1-file git commit, vs node -e 0",
        minus(c.withHooks, c.noHooks),
        c.node,
        1.5,
        `commit with every hook ${ms(c.withHooks)}, without hooks ${ms(c.noHooks)}, node -e 0 ${ms(c.node)}`,
      );
    }
    if (only.has("e")) {
      // (e) a rebase of a topic branch of `rebaseSize` commits, each under INT-001, rewritten anew
      // every round (--force-rebase), with and without hooks.
      const topic = buildTopic(small, env, { commits: rebaseSize, files: commitFiles });
      const rebase = (hooks) => () => {
        git(small, env, ["checkout", "-q", "-B", "rebased", topic]);
        const config = hooks ? [] : ["-c", "core.hooksPath=/dev/null"];
        return timeOnce(
          "git",
          [...config, "rebase", "-q", "--force-rebase", "main"],
          dated(smallOpts),
        );
      };
      // git's own cost of having any reference-transaction hook: a hook that only exits.
      const noopHooks = path.join(work, "noop-hooks");
      mkdirSync(noopHooks);
      writeFileSync(path.join(noopHooks, "reference-transaction"), "#!/bin/sh\nexit 0\n", {
        mode: 0o755,
      });
      const rebaseNoop = () => {
        git(small, env, ["checkout", "-q", "-B", "rebased", topic]);
        const config = ["-c", `core.hooksPath=${noopHooks}`];
        return timeOnce(
          "git",
          [...config, "rebase", "-q", "--force-rebase", "main"],
          dated(smallOpts),
        );
      };
      rebase(true)();
      const e = interleaved(
        {
          node: nodeFloor(smallOpts),
          withHooks: rebase(true),
          noHooks: rebase(false),
          noop: rebaseNoop,
        },
        Math.max(5, Math.ceil(rounds / 2)),
      );
      report(
        `(e) time the hooks add to a ${rebaseSize}-commit git rebase, vs node -e 0`,
        minus(e.withHooks, e.noHooks),
        e.node,
        5,
        `rebase with hooks ${ms(e.withHooks)}, without ${ms(e.noHooks)}, node -e 0 ${ms(e.node)}`,
      );
      report(
        `(e′) git's own cost of a reference-transaction hook that only exits, on the same rebase, vs node -e 0`,
        minus(e.noop, e.noHooks),
        e.node,
        null,
        `rebase with a no-op reference-transaction hook ${ms(e.noop)}, without hooks ${ms(e.noHooks)}: git starts the hook for every ref update, about a dozen per commit replayed`,
      );
    }
  }

  if (only.has("f")) {
    // (f) trace verify over a traced history of `verifyCommits` commits, and over a tenth of it:
    // time per commit should not grow with the range, and memory should stay bounded.
    log(`building and tracing a history of ${verifyCommits} commits…`);
    const history = path.join(work, "history");
    buildRepository(history, env, { files: commitFiles, changes: [] });
    const tip = buildTopic(history, env, { commits: verifyCommits, files: commitFiles });
    const historyOpts = { cwd: history, env };
    traceHistory(history, env, "main", tip);
    const tenth = Math.max(1, Math.floor(verifyCommits / 10));
    const ranges = { all: "main..topic", tenth: `topic~${tenth}..topic` };
    const verify = (range) => () =>
      timeOnce(node, [cli, "trace", "verify", "--range", range], historyOpts);
    const gitLog = (range) => () => timeOnce("git", ["log", "--raw", range], historyOpts);
    verify(ranges.all)();
    const f = interleaved(
      {
        node: nodeFloor(historyOpts),
        logAll: gitLog(ranges.all),
        verifyAll: verify(ranges.all),
        logTenth: gitLog(ranges.tenth),
        verifyTenth: verify(ranges.tenth),
      },
      Math.max(3, Math.ceil(rounds / 4)),
    );
    const memory = (range) =>
      peakMemoryMb(node, [cli, "trace", "verify", "--range", range], historyOpts);
    const perThousand = (samples, count) => (median(samples) / count) * 1000;
    report(
      `(f) trace verify over ${verifyCommits} traced commits, vs node -e 0 + git log --raw over them`,
      f.verifyAll,
      sum(f.node, f.logAll),
      null,
      `verify ${ms(f.verifyAll)} (${perThousand(f.verifyAll, verifyCommits).toFixed(0)} ms per 1,000), node ${ms(f.node)} + git log --raw ${ms(f.logAll)}; peak memory ${memory(ranges.all).toFixed(0)} MB (target ≤ 200); over ${tenth} commits: verify ${ms(f.verifyTenth)} (${perThousand(f.verifyTenth, tenth).toFixed(0)} ms per 1,000), peak memory ${memory(ranges.tenth).toFixed(0)} MB`,
    );
  }

  if (only.has("h")) {
    // (h) check --range (what CI runs) over `checkCommits` commits of 10 files each, against what
    // git itself needs to show that range's changes.
    log(`building a history of ${checkCommits} commits of 10 files each…`);
    const checked = path.join(work, "checked");
    buildRepository(checked, env, { files: commitFiles, changes: [] });
    buildTopic(checked, env, {
      commits: checkCommits,
      files: commitFiles,
      filesPerCommit: 10,
      branch: "wide",
    });
    const checkedOpts = { cwd: checked, env };
    const range = "main..wide";
    const check = () => timeOnce(node, [cli, "check", "--range", range], checkedOpts);
    const gitLog = () => timeOnce("git", ["log", "-p", "-U0", "--raw", range], checkedOpts);
    check();
    const h = interleaved(
      { node: nodeFloor(checkedOpts), gitLog, check },
      Math.max(3, Math.ceil(rounds / 3)),
    );
    const memory = peakMemoryMb(node, [cli, "check", "--range", range], checkedOpts);
    report(
      `(h) check --range over ${checkCommits} commits of 10 files, vs node -e 0 + git log -p -U0 --raw`,
      h.check,
      sum(h.node, h.gitLog),
      1.5,
      `check ${ms(h.check)}, node ${ms(h.node)} + git log ${ms(h.gitLog)}; peak memory ${memory.toFixed(0)} MB (target ≤ 200)`,
    );
  }

  if (only.has("i")) {
    // (i) trace blame of one long file with a long, traced history: every line's commit, record,
    // range check and attribution, against git's own blame of it.
    log(`building a ${blameLines}-line file with ${historyCommits} traced commits in its history…`);
    const long = path.join(work, "long");
    buildRepository(long, env, { files: 10, changes: [] });
    const tip = buildEditHistory(long, env, {
      branch: "long",
      files: 1,
      lines: blameLines,
      commits: historyCommits,
      linesPerCommit: 5,
      folder: "src/long",
    });
    traceHistory(long, env, "main", tip);
    git(long, env, ["checkout", "-q", "long"]);
    const longOpts = { cwd: long, env };
    const file = "src/long/file0.ts";
    const gitBlame = () => timeOnce("git", ["blame", "--line-porcelain", "--", file], longOpts);
    const traceBlame = () => timeOnce(node, [cli, "trace", "blame", file], longOpts);
    traceBlame();
    const i = interleaved({ node: nodeFloor(longOpts), gitBlame, traceBlame }, rounds);
    const commitsNamed = new Set(
      git(long, env, ["blame", "--porcelain", "--", file])
        .split("\n")
        .filter((line) => /^[0-9a-f]{40} \d+ \d+ \d+$/.test(line))
        .map((line) => line.slice(0, 40)),
    ).size;
    report(
      `(i) trace blame of a ${blameLines}-line file with ${historyCommits} traced commits, vs node -e 0 + git blame --line-porcelain`,
      i.traceBlame,
      sum(i.node, i.gitBlame),
      1.3,
      `trace blame ${ms(i.traceBlame)}, node ${ms(i.node)} + git blame ${ms(i.gitBlame)}; the blame names ${commitsNamed} commits; peak memory ${peakMemoryMb(node, [cli, "trace", "blame", file], longOpts).toFixed(0)} MB`,
    );
  }

  if (only.has("l")) {
    // (l) trace blame --json of a long file (a changelog) on real-shaped history: every commit
    // also rewrites lines of 20–50 other files, so every note is tens of KB, as real ones are,
    // and every third commit is an agent's. Traced by the reference-transaction hook, as landing
    // them would, all but the first (the project before adoption: a third of the file's lines).
    log(
      `building a ${realLines}-line file with ${realCommits} commits of 20–50 files each, all but the first traced…`,
    );
    const real = path.join(work, "real");
    const { tip, file } = buildRealShapedHistory(real, env, {
      lines: realLines,
      commits: realCommits,
    });
    traceHistory(real, env, `${tip}~${realCommits - 1}`, tip); // all but the import
    git(real, env, ["checkout", "-q", "real"]);
    const realOpts = { cwd: real, env };
    const notes = git(real, env, ["notes", "--ref=intentguard", "list"]).trim().split("\n");
    const noteBytes = git(
      real,
      env,
      ["cat-file", "--batch-check=%(objectsize)"],
      Buffer.from(`${notes.map((line) => line.split(" ")[0]).join("\n")}\n`),
    )
      .trim()
      .split("\n")
      .map(Number);
    const gitBlame = () => timeOnce("git", ["blame", "--line-porcelain", "--", file], realOpts);
    const traceBlame = () => timeOnce(node, [cli, "trace", "blame", "--json", file], realOpts);
    traceBlame();
    const l = interleaved({ node: nodeFloor(realOpts), gitBlame, traceBlame }, rounds);
    const memory = peakMemoryMb(node, [cli, "trace", "blame", "--json", file], realOpts);
    const floors = sum(l.node, l.gitBlame);
    report(
      `(l) trace blame --json of a ${realLines}-line file, ${realCommits} commits of 20–50 files each (${realCommits - 1} traced), vs node -e 0 + git blame --line-porcelain`,
      l.traceBlame,
      floors,
      1.5,
      `trace blame ${msSpread(l.traceBlame)}, node ${msSpread(l.node)} + git blame ${msSpread(l.gitBlame)} (IQR in brackets; ratio of the rounds ${spread(l.traceBlame.map((value, round) => value / floors[round]))}); ${notes.length} notes, median ${(median(noteBytes) / 1024).toFixed(0)} KB, ${(noteBytes.reduce((a, b) => a + b, 0) / 2 ** 20).toFixed(1)} MB in all; peak memory ${memory.toFixed(0)} MB (target ≤ 200)`,
    );
  }

  if (only.has("j") || only.has("k")) {
    // A directory of `directoryFiles` files with a traced history of `historyCommits` commits,
    // each rewriting 5 lines of one file: (j) blames the directory, (k) counts the history.
    log(
      `building a ${directoryFiles}-file directory with ${historyCommits} traced commits in its history…`,
    );
    const wide = path.join(work, "wide");
    buildRepository(wide, env, { files: 10, changes: [] });
    const tip = buildEditHistory(wide, env, {
      branch: "wide",
      files: directoryFiles,
      lines: 100,
      commits: historyCommits,
      linesPerCommit: 5,
      folder: "src/wide",
    });
    traceHistory(wide, env, "main", tip);
    git(wide, env, ["checkout", "-q", "wide"]);
    const wideOpts = { cwd: wide, env };
    if (only.has("j")) {
      const files = git(wide, env, ["ls-files", "src/wide"]).trim().split("\n");
      const gitBlames = () =>
        files.reduce(
          (total, file) =>
            total + timeOnce("git", ["blame", "--line-porcelain", "--", file], wideOpts),
          0,
        );
      const traceBlame = () => timeOnce(node, [cli, "trace", "blame", "src/wide"], wideOpts);
      traceBlame();
      const j = interleaved(
        { node: nodeFloor(wideOpts), gitBlames, traceBlame },
        Math.max(3, Math.ceil(rounds / 3)),
      );
      report(
        `(j) trace blame of a ${files.length}-file directory (summary), ${historyCommits} traced commits, vs node -e 0 + git blame --line-porcelain of each file`,
        j.traceBlame,
        sum(j.node, j.gitBlames),
        1.0,
        `trace blame ${ms(j.traceBlame)}, node ${ms(j.node)} + ${files.length} git blames ${ms(j.gitBlames)} (one after another; trace blame runs two at once); peak memory ${peakMemoryMb(node, [cli, "trace", "blame", "src/wide"], wideOpts).toFixed(0)} MB`,
      );
    }
    if (only.has("k")) {
      const range = "main..wide";
      const gitLog = () => timeOnce("git", ["log", "--numstat", range], wideOpts);
      const stats = () => timeOnce(node, [cli, "trace", "stats", range], wideOpts);
      stats();
      const k = interleaved(
        { node: nodeFloor(wideOpts), gitLog, stats },
        Math.max(3, Math.ceil(rounds / 3)),
      );
      report(
        `(k) trace stats over ${historyCommits} traced commits (${directoryFiles} files counted), vs node -e 0 + git log --numstat over them`,
        k.stats,
        sum(k.node, k.gitLog),
        3,
        `trace stats ${ms(k.stats)}, node ${ms(k.node)} + git log --numstat ${ms(k.gitLog)}; peak memory ${peakMemoryMb(node, [cli, "trace", "stats", range], wideOpts).toFixed(0)} MB`,
      );
    }
  }

  if (only.has("m") || only.has("n")) {
    // (m) an agent's pre-write decision and (n) its post-write checkpoint of a 2,000-line file
    // (20 lines rewritten by the agent each round): what a Claude Code hook costs per edit.
    const agentRepo = path.join(work, "agent");
    mkdirSync(path.join(agentRepo, "src"), { recursive: true });
    git(agentRepo, env, ["init", "-q"]);
    mkdirSync(path.join(agentRepo, ".orchestration"), { recursive: true });
    writeFileSync(path.join(agentRepo, ".orchestration/active_intents.yaml"), intentsYaml);
    const big = path.join(agentRepo, "src", "big.ts");
    const lines = Array.from({ length: 2000 }, (_, n) => `export const line${n} = ${n};`);
    writeFileSync(big, `${lines.join("\n")}\n`);
    git(agentRepo, env, ["add", "-A"]);
    git(agentRepo, env, ["commit", "-q", "-m", "Adopt"]);
    const agentEnv = { ...env };
    delete agentEnv.INTENTGUARD_INTENT;
    const agentOpts = { cwd: agentRepo, env: agentEnv };
    timeOnce(node, [cli, "select", "INT-001"], agentOpts);
    let call = 0;
    const payload = (event) =>
      JSON.stringify({
        session_id: "bench",
        transcript_path: "/dev/null",
        cwd: agentRepo,
        hook_event_name: event,
        tool_name: "Edit",
        tool_input: { file_path: big, old_string: "a", new_string: "b" },
        tool_use_id: `tool-${call}`,
      });
    // As `agent install` runs it: the agent hooks' own bundle.
    const agentHook = path.join(root, "dist", "agent-hook.cjs");
    const hook = (event) =>
      timeOnce(node, [agentHook, "claude-code"], { ...agentOpts, input: payload(event) });
    hook("PreToolUse"); // warm: the rules cache, the page cache
    if (only.has("m")) {
      const m = interleaved({ node: nodeFloor(agentOpts), pre: () => hook("PreToolUse") }, rounds);
      report(
        "(m) agent-hook pre-write decision (Claude Code, in scope), vs node -e 0",
        m.pre,
        m.node,
        1.5,
        `pre-write ${ms(m.pre)}, node -e 0 ${ms(m.node)}`,
      );
    }
    if (only.has("n")) {
      const post = () => {
        call += 1;
        hook("PreToolUse");
        const edited = lines.map((line, n) =>
          n % 100 === call % 100 ? `${line} // ${call}` : line,
        );
        writeFileSync(big, `${edited.join("\n")}\n`);
        return hook("PostToolUse");
      };
      const n = interleaved({ node: nodeFloor(agentOpts), post }, rounds);
      report(
        "(n) agent-hook post-write checkpoint of a 2,000-line file (20 lines written), vs node -e 0",
        n.post,
        n.node,
        1.5,
        `post-write ${ms(n.post)}, node -e 0 ${ms(n.node)}`,
      );
    }
  }

  if (only.has("g")) {
    // (g) the scope matcher on hostile globs (test/vectors/hostile-globs.json), each against its
    // ~4 KiB path: compile and first match, then the median of repeated matches.
    const { compileGlob, globMatcher } = await loadModule(
      path.join(root, "src/core/scope/glob.ts"),
    );
    const vectors = JSON.parse(
      readFileSync(path.join(root, "test/vectors/hostile-globs.json"), "utf8"),
    );
    const times = vectors.matched.map((vector) => {
      const subject = vector.unit.repeat(vector.times) + vector.tail;
      const start = performance.now();
      const compiled = compileGlob(vector.pattern);
      const match = globMatcher(compiled.glob);
      match(subject);
      const first = performance.now() - start;
      const repeated = Array.from({ length: 51 }, () => {
        const again = performance.now();
        match(subject);
        return performance.now() - again;
      });
      return { pattern: vector.pattern, length: subject.length, first, median: median(repeated) };
    });
    const refusals = vectors.refused.map((pattern) => {
      const start = performance.now();
      const refused = !compileGlob(pattern).ok;
      return { pattern, refused, ms: performance.now() - start };
    });
    const worst = Math.max(...times.map((time) => time.first));
    results.push({
      name: `(g) slowest hostile glob against a ~4 KiB path, compile + first match (ms)`,
      measured: worst,
      floor: null,
      ratio: null,
      target: 10,
      detail: [
        ...times.map(
          (time) =>
            `${time.pattern} on ${time.length} chars: first ${time.first.toFixed(2)} ms, then ${time.median.toFixed(3)} ms`,
        ),
        ...refusals.map(
          (refusal) =>
            `${refusal.pattern}: ${refusal.refused ? "refused at load" : "NOT REFUSED"} in ${refusal.ms.toFixed(2)} ms`,
        ),
      ].join("; "),
    });
    log(`  (g) slowest hostile glob: ${worst.toFixed(2)} ms (target < 10)`);
  }

  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    [
      `Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, ${git(work, env, ["--version"]).trim()}`,
      `Command: npm run bench -- --files ${files} --change ${changeSize} --commit-files ${commitFiles} --rebase ${rebaseSize} --verify-commits ${verifyCommits} --check-commits ${checkCommits} --blame-lines ${blameLines} --history-commits ${historyCommits} --directory-files ${directoryFiles} --real-lines ${realLines} --real-commits ${realCommits} --rounds ${rounds}`,
      "Times are medians over interleaved rounds; each ratio is the median of the per-round ratios.",
      "",
      "| benchmark | intentguard | floor | ratio | target |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.measured.toFixed(1)} ms | ${r.floor === null ? "—" : `${r.floor.toFixed(1)} ms`} | ${r.ratio === null ? "—" : r.ratio.toFixed(2)} | ${r.target ? `${r.ratio === null ? "<" : "≤"} ${r.target}${r.ratio === null ? " ms" : ""}` : "—"} |`,
      ),
      "",
      ...results.map((r) => `- ${r.name}: ${r.detail}`),
      "",
    ].join("\n"),
  );
} finally {
  if (values.keep) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
