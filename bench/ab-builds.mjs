// node bench/ab-builds.mjs <name>=<path to dist/cli.cjs> <name>=<path> [--rounds 25]
// Interleaved A/B of intentguard builds in the same minutes: a 1-file commit with every hook, and
// check --staged, in a 2,000-file repository per build. For telling a regression from the VM's
// noise, which moves node -e 0 by ±30% from one minute to the next.

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  options: { rounds: { type: "string", default: "25" } },
  allowPositionals: true,
});
const builds = Object.fromEntries(positionals.map((arg) => arg.split("=")));
const base = mkdtempSync("/tmp/abh-");
const home = path.join(base, "home");
mkdirSync(home);
const env = {
  PATH: process.env.PATH,
  HOME: home,
  GIT_CONFIG_GLOBAL: path.join(home, ".gitconfig"),
  GIT_CONFIG_NOSYSTEM: "1",
  INTENTGUARD_INTENT: "INT-001",
};
const git = (cwd, ...a) => execFileSync("git", a, { cwd, env, encoding: "utf8" });
git(base, "config", "--global", "user.name", "B");
git(base, "config", "--global", "user.email", "b@x");
git(base, "config", "--global", "init.defaultBranch", "main");
const repos = {};
for (const [name, cli] of Object.entries(builds)) {
  const dir = path.join(base, name);
  mkdirSync(dir);
  git(dir, "init", "-q");
  mkdirSync(path.join(dir, ".orchestration"));
  mkdirSync(path.join(dir, "src"));
  writeFileSync(
    path.join(dir, ".orchestration/active_intents.yaml"),
    'active_intents:\n  - id: "INT-001"\n    name: "Work"\n    status: "IN_PROGRESS"\n    owned_scope: ["src"]\n',
  );
  for (let i = 0; i < 2000; i++)
    writeFileSync(path.join(dir, "src", `f${i}.ts`), `export const f${i} = ${i};\n`);
  execFileSync(process.execPath, [cli, "install"], { cwd: dir, env, stdio: "ignore" });
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "adopt");
  repos[name] = { dir, cli };
}
const names = Object.keys(builds);
const t = {
  commit: Object.fromEntries(names.map((name) => [name, []])),
  check: Object.fromEntries(names.map((name) => [name, []])),
  node: [],
};
const time = (f) => {
  const s = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - s) / 1e6;
};
for (let round = 0; round < Number(values.rounds); round++) {
  t.node.push(time(() => spawnSync(process.execPath, ["-e", "0"])));
  for (const [name, { dir, cli }] of Object.entries(repos)) {
    writeFileSync(path.join(dir, "src", "f1.ts"), `export const f1 = ${round};\n`);
    git(dir, "add", "src/f1.ts");
    t.check[name].push(
      time(() => spawnSync(process.execPath, [cli, "check", "--staged"], { cwd: dir, env })),
    );
    t.commit[name].push(
      time(() => {
        const r = spawnSync("git", ["commit", "-qm", `r${round}`], { cwd: dir, env });
        if (r.status) throw new Error(r.stderr);
      }),
    );
  }
}
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
console.log("node -e 0", med(t.node).toFixed(1));
for (const k of ["check", "commit"])
  for (const n of names) console.log(k, n, med(t[k][n]).toFixed(1));
