// The questions `check --staged` must ask git, from Node, side by side; nothing else (README.md).
const { spawn } = require("node:child_process");

spawn("git", [
  "diff-index",
  "--cached",
  "--raw",
  "-z",
  "--no-renames",
  "HEAD",
  "--",
]).stdout.resume();
const rules = spawn("git", ["cat-file", "--batch"]);
rules.stdout.resume();
rules.stdin.end("HEAD:.orchestration/active_intents.yaml\nHEAD:policies/intentguard.yaml\n");
