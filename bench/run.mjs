// npm run bench [-- --files 100000 --change 20000 --commit-files 1000 --rounds 15]
// Measures intentguard against raw git and bare Node in the same run and prints the ratios the
// issues set as targets. Never used as a test: timings belong here, not in assertions.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

function report(name, measured, floor, ratio, target, detail) {
  results.push({ name, measured, floor, ratio, target, detail });
  log(`  ${name}: ${ratio.toFixed(2)} (target ≤ ${target}) — ${detail}`);
}

try {
  // (a) and (b): one large repository; the index is swapped between the two staged changes.
  log(`building a repository of ${files} files with a ${changeSize}-file change…`);
  const large = path.join(work, "large");
  buildRepository(large, env, { files, changes: [1, changeSize] });
  const opts = { cwd: large, env };
  const nodeFloor = () => timeOnce(node, ["-e", "0"], opts);
  const check = () => timeOnce(node, [cli, "check", "--staged"], opts);

  git(large, env, ["read-tree", "change-1"]);
  check(); // warm: the rules cache, the page cache
  const a = interleaved({ node: nodeFloor, check }, rounds);
  report(
    `(a) check --staged, 1 staged file, ${files} tracked files, vs node -e 0`,
    median(a.check),
    median(a.node),
    pairedRatio(a.check, a.node),
    1.3,
    `check ${median(a.check).toFixed(1)} ms, node -e 0 ${median(a.node).toFixed(1)} ms`,
  );

  git(large, env, ["read-tree", `change-${changeSize}`]);
  const diffIndex = () => timeOnce("git", ["diff-index", "--cached", "-z", "--raw", "HEAD"], opts);
  check();
  const b = interleaved({ node: nodeFloor, diffIndex, check }, rounds);
  const floorsB = b.node.map((node, round) => node + b.diffIndex[round]);
  const memory = peakMemoryMb(node, [cli, "check", "--staged"], opts);
  report(
    `(b) check --staged, ${changeSize}-file change, vs node -e 0 + git diff-index`,
    median(b.check),
    median(floorsB),
    pairedRatio(b.check, floorsB),
    1.5,
    `check ${median(b.check).toFixed(1)} ms, node ${median(b.node).toFixed(1)} + diff-index ${median(b.diffIndex).toFixed(1)} ms; peak memory ${memory.toFixed(0)} MB (target ≤ 200)`,
  );

  // (c): the time the hooks add to a 1-file commit, in a checked-out repository.
  log(`building a ${commitFiles}-file repository for commits…`);
  const small = path.join(work, "small");
  buildRepository(small, env, { files: commitFiles, changes: [] });
  git(small, env, ["reset", "-q", "--hard"]);
  const smallOpts = { cwd: small, env };
  spawnSync(node, [cli, "install"], { ...smallOpts, stdio: "ignore" });
  let edit = 0;
  const commitOnce = (hooks) => {
    edit++;
    writeFileSync(
      path.join(small, filePath(edit % commitFiles)),
      `export const edited = ${edit};\n`,
    );
    git(small, env, ["add", filePath(edit % commitFiles)]);
    const args = hooks
      ? ["commit", "-q", "-m", `edit ${edit}`]
      : ["-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", `edit ${edit}`];
    return timeOnce("git", args, smallOpts);
  };
  commitOnce(true);
  const c = interleaved(
    {
      node: () => timeOnce(node, ["-e", "0"], smallOpts),
      hooks: () => commitOnce(true),
      bare: () => commitOnce(false),
    },
    rounds,
  );
  const added = c.hooks.map((hooks, round) => hooks - c.bare[round]);
  report(
    "(c) time the hooks add to a 1-file git commit, vs node -e 0",
    median(added),
    median(c.node),
    pairedRatio(added, c.node),
    2.0,
    `commit with hooks ${median(c.hooks).toFixed(1)} ms, without ${median(c.bare).toFixed(1)} ms, node -e 0 ${median(c.node).toFixed(1)} ms`,
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
          `| ${r.name} | ${r.measured.toFixed(1)} ms | ${r.floor.toFixed(1)} ms | ${r.ratio.toFixed(2)} | ≤ ${r.target} |`,
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
