import type { CommandSpec } from "./command.js";

/**
 * Every command, described without loading it: the CLI parses flags and prints help from this
 * table, and imports a command's module only when it runs.
 */
export const commands: CommandSpec[] = [
  {
    name: "init",
    summary: "scaffold .orchestration/ and policies/, and install the hooks",
    usage: "intentguard init",
    help: "Creates .orchestration/active_intents.yaml, policies/intentguard.yaml and\n.orchestration/.gitignore where they are missing (never overwrites), then installs the hooks.",
    options: {},
    maxPositionals: 0,
    load: () => import("../commands/init.js"),
  },
  {
    name: "install",
    summary: "install the git hooks (idempotent; husky-aware)",
    usage: "intentguard install",
    help: "With husky (.husky/ or core.hooksPath into it) adds one line to each .husky/<hook>;\nelse writes hooks into `git rev-parse --git-path hooks`, chaining any hook already there.",
    options: {},
    maxPositionals: 0,
    load: () => import("../commands/install.js"),
  },
  {
    name: "uninstall",
    summary: "remove only what install added, restoring chained hooks",
    usage: "intentguard uninstall",
    help: "",
    options: {},
    maxPositionals: 0,
    load: () => import("../commands/uninstall.js"),
  },
  {
    name: "doctor",
    summary: "explain why the hooks would not run here, and how to fix it",
    usage: "intentguard doctor",
    help: "Exit 0 when the hooks will run and the rules load; 1 when something needs fixing.",
    options: {},
    maxPositionals: 0,
    load: () => import("../commands/doctor.js"),
  },
  {
    name: "select",
    summary: "choose this work tree's intent and print its context",
    usage: "intentguard select <ID> [--json] | intentguard select --clear",
    help: "  --json    print the intent's context as JSON (for agents)\n  --clear   forget this work tree's selection",
    options: { json: { type: "boolean" }, clear: { type: "boolean" } },
    maxPositionals: 1,
    load: () => import("../commands/select.js"),
  },
  {
    name: "status",
    summary: "the active intent, its scope, and the verdict on what is staged",
    usage: "intentguard status [--intent <ID>] [--json]",
    help: "  --intent <ID>   judge as if this intent were selected\n  --json          print intent and verdict as JSON",
    options: { intent: { type: "string" }, json: { type: "boolean" } },
    maxPositionals: 0,
    load: () => import("../commands/status.js"),
  },
  {
    name: "check",
    summary: "judge the staged change, or paths before writing them",
    usage: "intentguard check --staged | --paths <path…> [--intent <ID>] [--format text|json]",
    help: [
      "  --staged          judge what is staged, exactly as the commit hooks do",
      "  --paths <path…>   judge paths you intend to touch (relative to the current directory)",
      "  --intent <ID>     the intent to judge against (else INTENTGUARD_INTENT, else the selection)",
      "  --format <f>      text (default) or json",
      "Exit 0 allowed, 1 blocked, 2 cannot evaluate.",
    ].join("\n"),
    options: {
      staged: { type: "boolean" },
      paths: { type: "boolean" },
      intent: { type: "string" },
      format: { type: "string" },
    },
    maxPositionals: Number.POSITIVE_INFINITY,
    load: () => import("../commands/check.js"),
  },
  {
    name: "hook",
    summary: "what the installed hook shims call",
    usage:
      "intentguard hook <pre-commit|commit-msg|pre-merge-commit|post-commit|post-rewrite|pre-push> [args…]",
    help: "Not for direct use: git runs it through the shims in the package's hooks/ folder.",
    options: {},
    maxPositionals: Number.POSITIVE_INFINITY,
    rawArguments: true,
    load: () => import("../commands/hook.js"),
  },
  {
    name: "demo",
    summary: "a throwaway repository showing allow, block and the trailer",
    usage: "intentguard demo [--keep]",
    help: "  --keep   keep the demo repository and print where it is",
    options: { keep: { type: "boolean" } },
    maxPositionals: 0,
    load: () => import("../commands/demo.js"),
  },
];
