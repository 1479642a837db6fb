// npm run bench [-- --files 100000 --change 20000 --commit-files 1000 --rounds 15]
// Measures intentguard against raw git and bare Node in the same run and prints the ratios the
// issues set as targets. Never used as a test: timings belong here, not in assertions.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { interleaved, median, pairedRatio, peakMemoryMb, timeOnce } from "./measure.mjs";
import { benchEnv, buildRepository, filePath, git } from "./synthetic-repo.mjs";

const { values } = parseArgs({
  options: {
    files: { type: "string", default: "100000" },
    change: { type: "string", default: "20000" },
    "commit-files": { type: "string", default: "1000" },
    rounds: { type: "string", default: "15" },
    keep: { type: "boolean", default: false },
  },
});
const files = Number(values.files);
const changeSize = Number(values.change);
const commitFiles = Number(values["commit-files"]);
const rounds = Number(values.rounds);

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

const ms = (samples) => `${median(samples).toFixed(1)} ms`;
const sum = (a, b) => a.map((value, round) => value + b[round]);

try {
  log(`building a repository of ${files} files with a ${changeSize}-file change…`);
  const large = path.join(work, "large");
  buildRepository(large, env, { files, changes: [1, changeSize] });
  const largeOpts = { cwd: large, env };
  const nodeFloor = (opts) => () => timeOnce(node, ["-e", "0"], opts);
  const check = () => timeOnce(node, [cli, "check", "--staged"], largeOpts);

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

  // (b) a large staged change.
  git(large, env, ["read-tree", `change-${changeSize}`]);
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

  // (e) post-commit on a large commit: HEAD becomes the 20,000-file change.
  git(large, env, ["symbolic-ref", "HEAD", `refs/heads/change-${changeSize}`]);
  const postCommit = (opts) => () => timeOnce(node, [cli, "hook", "post-commit"], opts);
  const diffTree = () =>
    timeOnce("git", ["diff-tree", "-p", "-U0", `change-${changeSize}`], largeOpts);
  postCommit(largeOpts)();
  const e = interleaved(
    { node: nodeFloor(largeOpts), diffTree, trace: postCommit(largeOpts) },
    rounds,
  );
  const traceMemory = peakMemoryMb(node, [cli, "hook", "post-commit"], largeOpts);

  // (c) and (d): commits of one file in a checked-out repository.
  log(`building a ${commitFiles}-file repository for commits…`);
  const small = path.join(work, "small");
  buildRepository(small, env, { files: commitFiles, changes: [] });
  git(small, env, ["reset", "-q", "--hard"]);
  const smallOpts = { cwd: small, env };
  spawnSync(node, [cli, "install"], { ...smallOpts, stdio: "ignore" });
  // The gate's hooks alone: the installed hooks minus post-commit (which traces; see (d)).
  const gateHooks = path.join(work, "gate-hooks");
  mkdirSync(gateHooks);
  for (const name of readdirSync(path.join(small, ".git", "hooks"))) {
    if (!name.endsWith(".sample") && name !== "post-commit")
      cpSync(path.join(small, ".git", "hooks", name), path.join(gateHooks, name));
  }
  let edit = 0;
  const commitOnce = (hooksPath) => () => {
    edit++;
    writeFileSync(
      path.join(small, filePath(edit % commitFiles)),
      `export const edited = ${edit};\n`,
    );
    git(small, env, ["add", filePath(edit % commitFiles)]);
    const config = hooksPath ? ["-c", `core.hooksPath=${hooksPath}`] : [];
    return timeOnce("git", [...config, "commit", "-q", "-m", `edit ${edit}`], smallOpts);
  };
  const noHooks = commitOnce("/dev/null");
  const gate = commitOnce(gateHooks);
  const allHooks = commitOnce(null);
  allHooks();
  const c = interleaved({ node: nodeFloor(smallOpts), gate, allHooks, noHooks }, rounds);
  report(
    "(c) time the gate hooks add to a 1-file git commit, vs node -e 0",
    sum(
      c.gate,
      c.noHooks.map((v) => -v),
    ),
    c.node,
    2.0,
    `commit with the gate hooks ${ms(c.gate)}, without hooks ${ms(c.noHooks)}, node -e 0 ${ms(c.node)}`,
  );
  report(
    "(c′) time all hooks add (gate and post-commit) to a 1-file git commit, vs node -e 0",
    sum(
      c.allHooks,
      c.noHooks.map((v) => -v),
    ),
    c.node,
    null,
    `commit with every hook ${ms(c.allHooks)}, without hooks ${ms(c.noHooks)}`,
  );

  // (d) post-commit on a 1-file commit (made without hooks, so each round traces a new HEAD).
  const traceNewCommit = () => {
    noHooks();
    return postCommit(smallOpts)();
  };
  const d = interleaved({ node: nodeFloor(smallOpts), trace: traceNewCommit }, rounds);
  report(
    "(d) post-commit hook on a 1-file commit, vs node -e 0",
    d.trace,
    d.node,
    1.5,
    `post-commit ${ms(d.trace)}, node -e 0 ${ms(d.node)}`,
  );
  report(
    `(e) post-commit hook on a ${changeSize}-file commit, vs node -e 0 + git diff-tree -p -U0`,
    e.trace,
    sum(e.node, e.diffTree),
    1.5,
    `post-commit ${ms(e.trace)}, node ${ms(e.node)} + diff-tree ${ms(e.diffTree)}; peak memory ${traceMemory.toFixed(0)} MB`,
  );

  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  process.stdout.write(
    [
      `Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, ${git(work, env, ["--version"]).trim()}`,
      `Command: npm run bench -- --files ${files} --change ${changeSize} --commit-files ${commitFiles} --rounds ${rounds}`,
      "Times are medians over interleaved rounds; each ratio is the median of the per-round ratios.",
      "",
      "| benchmark | intentguard | floor | ratio | target |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.measured.toFixed(1)} ms | ${r.floor.toFixed(1)} ms | ${r.ratio.toFixed(2)} | ${r.target ? `≤ ${r.target}` : "—"} |`,
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
