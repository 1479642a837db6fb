import type { CommandSpec } from "../commands/support/command.js";

/**
 * The output flag of every command that prints text or JSON: `--format text|json`, with `--json`
 * kept as its alias (parse-command-line.ts makes the two agree: `values.format` and
 * `values.json` say the same).
 */
const textOrJson = (json = "JSON (stable, versioned)") =>
  ({
    format: {
      type: "string",
      value: "text|json",
      choices: ["text", "json"],
      description: `text (default) or json: ${json}`,
    },
    json: { type: "boolean", description: "the same as --format json" },
  }) as const;
const intent = {
  type: "string",
  value: "<ID>",
  description: "the intent to judge against (else INTENTGUARD_INTENT, else the selection)",
} as const;
const range = {
  type: "string",
  value: "<a>..<b>",
  description: "the commits to look at (default: HEAD's history)",
} as const;

const grantNumber = {
  type: "string",
  value: "<N>",
  description:
    "the grant's number in the intent's extended_scope (1, 2, …; default: the one not approved)",
} as const;

/**
 * Every command, described without loading it: the CLI parses flags and generates usage and help
 * from this table, and imports a command's module only when it runs.
 */
export const commands: CommandSpec[] = [
  {
    name: "init",
    summary: "scaffold .orchestration/ and policies/, and install the hooks",
    options: {},
    notes: [
      "Creates .orchestration/active_intents.yaml, policies/intentguard.yaml and",
      ".orchestration/.gitignore where they are missing (never overwrites), then installs the hooks.",
    ],
    maxPositionals: 0,
    load: () => import("../commands/init.js"),
  },
  {
    name: "install",
    summary: "install the git hooks (idempotent; husky-aware)",
    options: {},
    notes: [
      "With husky (.husky/ or core.hooksPath into it) adds one line to each .husky/<hook>;",
      "else writes hooks into `git rev-parse --git-path hooks`, chaining any hook already there.",
    ],
    maxPositionals: 0,
    load: () => import("../commands/install.js"),
  },
  {
    name: "uninstall",
    summary: "remove only what install added, restoring chained hooks",
    options: {},
    maxPositionals: 0,
    load: () => import("../commands/uninstall.js"),
  },
  {
    name: "doctor",
    summary: "explain why the hooks would not run here, and how to fix it",
    options: {},
    notes: [
      "Exit 0 when the hooks will run and the rules load; 1 when something needs fixing, or an agent's shell got commits past the gate that are not undone yet (each with its undo).",
    ],
    maxPositionals: 0,
    load: () => import("../commands/doctor.js"),
  },
  {
    name: "select",
    summary: "choose this work tree's intent and print its context",
    arguments: "<ID>",
    options: {
      ...textOrJson("the intent's context, for agents"),
      clear: { type: "boolean", description: "forget this work tree's selection" },
    },
    alone: ["clear"],
    maxPositionals: 1,
    load: () => import("../commands/select.js"),
  },
  {
    name: "status",
    summary:
      "the active intent, its scope, the verdict on what is staged, and commits an agent's shell got past the gate",
    options: {
      intent: { ...intent, description: "judge as if this intent were selected" },
      ...textOrJson("intent and verdict"),
    },
    maxPositionals: 0,
    load: () => import("../commands/status.js"),
  },
  {
    name: "check",
    summary: "judge the staged change, paths before writing them, or every commit of a range (CI)",
    options: {
      staged: {
        type: "boolean",
        description: "judge what is staged, exactly as the commit hooks do",
      },
      paths: {
        type: "boolean",
        operands: "<path…>",
        description: "judge paths you intend to touch (relative to the current directory)",
      },
      range: {
        type: "string",
        value: "<a>..<b>",
        description:
          "judge every commit of a range as the hooks would have (a must be an ancestor of b)",
      },
      commit: { type: "string", value: "<rev>", description: "judge one commit" },
      base: {
        type: "string",
        value: "<ref>",
        description: "judge the commits of HEAD since its merge base with <ref>",
      },
      ci: {
        type: "boolean",
        description: "judge what this CI run brings (GitHub Actions, GitLab CI), computed with git",
      },
      deepen: {
        type: "boolean",
        description: "with --ci in a shallow clone: fetch deeper until the range's base is there",
      },
      "verify-traces": {
        type: "boolean",
        description: "also check each commit's trace record (missing, invalid, tampered)",
      },
      intent,
      format: {
        type: "string",
        value: "<format>",
        description: "text (default) or json; for a range also github, sarif, junit, gitlab",
      },
      json: { type: "boolean", description: "the same as --format json" },
      output: {
        type: "string",
        value: "<file>",
        description: "write the --format report to <file> and print text (ranges only)",
      },
    },
    oneOf: ["staged", "paths", "range", "commit", "base", "ci"],
    notes: [
      "Exit 0 allowed, 1 blocked (any commit of a range), 2 cannot evaluate (an unknown or",
      "unreadable range, a shallow clone without the range's base: never a green answer).",
    ],
    maxPositionals: Number.POSITIVE_INFINITY,
    load: () => import("../commands/check.js"),
  },
  {
    name: "hook",
    summary: "what the installed hook shims call",
    arguments: "<pre-commit|reference-transaction|pre-push|pre-receive> [args…]",
    options: {},
    notes: [
      "Not for direct use: git runs it through the shims in the package's hooks/ folder;",
      "pre-receive is for a server's hooks/pre-receive (see docs/ci-and-server.md).",
    ],
    maxPositionals: Number.POSITIVE_INFINITY,
    rawArguments: true,
    load: () => import("../commands/hook.js"),
  },
  {
    name: "agent-hook",
    summary: "what a coding agent's hooks call: judge a write before it happens, observe it after",
    arguments: "<agent>",
    options: {},
    notes: [
      "Not for direct use: intentguard agent install writes it into the agent's hook configuration.",
      "Reads the agent's hook payload on stdin and answers in that agent's own dialect.",
    ],
    maxPositionals: 1,
    load: () => import("../commands/agent-hook.js"),
  },
  {
    name: "agent install",
    summary: "wire coding agents' hooks to intentguard (their project configuration)",
    arguments: "<agent…>",
    options: {},
    notes: [
      "Merges intentguard's hook entries into each agent's project configuration, keeping yours;",
      "idempotent. Agents: claude-code, codex, gemini, cursor, copilot, windsurf, cline, opencode.",
    ],
    maxPositionals: Number.POSITIVE_INFINITY,
    load: () => import("../commands/agent-install.js"),
  },
  {
    name: "agent uninstall",
    summary: "remove only intentguard's entries from coding agents' hook configuration",
    arguments: "<agent…>",
    options: {},
    maxPositionals: Number.POSITIVE_INFINITY,
    load: () => import("../commands/agent-uninstall.js"),
  },
  {
    name: "trace show",
    summary: "a commit's trace record",
    arguments: "[<rev>]",
    options: textOrJson("the note's records as an array"),
    notes: ["Exit 1 when the commit has no trace record."],
    maxPositionals: 1,
    load: () => import("../commands/trace-show.js"),
  },
  {
    name: "trace log",
    summary: "traced commits per intent, governance apart: files, lines, AI vs human",
    options: {
      intent: { type: "string", value: "<ID>", description: "only this intent's commits" },
      since: {
        type: "string",
        value: "<date>",
        description: "as git log --since (e.g. 2.weeks)",
      },
      ...textOrJson(),
    },
    maxPositionals: 0,
    load: () => import("../commands/trace-log.js"),
  },
  {
    name: "trace blame",
    summary: "every line: the commit, the intent it served, the contributor, and how sure",
    arguments: "[<rev>] <path>",
    options: {
      ...textOrJson("one object per line (versioned), for tools"),
      porcelain: {
        type: "boolean",
        description: "git's --line-porcelain with intent, contributor and confidence lines",
      },
      summary: {
        type: "boolean",
        description: "each intent's and contributor's share of the lines (a directory: always)",
      },
      "ignore-whitespace": { type: "boolean", short: "w", description: "git blame -w" },
      moves: { type: "boolean", short: "M", description: "git blame -M: lines moved in the file" },
      copies: {
        type: "boolean",
        short: "C",
        multiple: true,
        description: "git blame -C (up to three times): lines moved or copied from other files",
      },
      "line-range": {
        type: "string",
        short: "L",
        multiple: true,
        value: "<start>,<end>",
        description: "git blame -L: only these lines (repeatable)",
      },
      "ignore-rev": {
        type: "string",
        multiple: true,
        value: "<rev>",
        description: "git blame --ignore-rev (repeatable; blame.ignoreRevsFile is honoured)",
      },
      "ignore-revs-file": {
        type: "string",
        value: "<file>",
        description: "git blame --ignore-revs-file",
      },
      contents: {
        type: "string",
        value: "<file|->",
        description:
          "blame this content instead of the work tree's (- reads stdin: an editor's buffer)",
      },
    },
    notes: [
      "Confidence: recorded (the commit's record holds the line and its hash matches), tampered",
      "(the hash does not), derived (from the record's file, trailers, or the same lines recorded",
      "elsewhere), unattributed (with why). Exit 2: an untracked or binary file, a bad revision,",
      "lines that reach a shallow clone's edge.",
    ],
    maxPositionals: 2,
    load: () => import("../commands/trace-blame.js"),
  },
  {
    name: "trace stats",
    summary: "per intent (governance apart) and contributor: commits, lines added and present",
    arguments: "[<range>]",
    options: {
      path: {
        type: "string",
        value: "<path>",
        description: "only files under this file or directory (relative to the current directory)",
      },
      ...textOrJson(),
    },
    notes: [
      "<range>: a revision (its whole history) or <a>..<b>; default HEAD. Lines present are",
      "counted at the range's tip (trace blame of the files its commits touched). Commits without",
      "a record count as untraced; those before adoption are skipped and counted. Exit 2: an",
      "unknown revision, a range starting with -, a path git does not track.",
    ],
    maxPositionals: 1,
    load: () => import("../commands/trace-stats.js"),
  },
  {
    name: "trace verify",
    summary: "prove the ledger chain and every trace against its commit",
    options: { range, ...textOrJson() },
    notes: ["Exit 1 on an untraced, tampered or invalid trace, or a broken ledger."],
    maxPositionals: 0,
    load: () => import("../commands/trace-verify.js"),
  },
  {
    name: "trace export",
    summary: "the trace records as JSONL or Agent Trace 0.1.0",
    options: {
      format: {
        type: "string",
        value: "jsonl|agent-trace",
        description: "jsonl (default: our records) or agent-trace (Agent Trace 0.1.0 records)",
      },
      range,
    },
    maxPositionals: 0,
    load: () => import("../commands/trace-export.js"),
  },
  {
    name: "trace map",
    summary: "regenerate .orchestration/intent_map.md",
    options: {},
    notes: [
      "Per intent, the files its commits touched with commit and line counts; the governance commits'",
      "files apart (a rules change is no intent's work, whatever its trailer); a mermaid diagram.",
    ],
    maxPositionals: 0,
    load: () => import("../commands/trace-map.js"),
  },
  {
    name: "trace push",
    summary: "push refs/notes/intentguard (the pre-push hook does this too)",
    arguments: "[<remote>]",
    options: {},
    notes: [
      "Never forces: diverged notes are fetched and merged (both sides' records kept) first.",
    ],
    maxPositionals: 1,
    load: () => import("../commands/trace-push.js"),
  },
  {
    name: "trace fetch",
    summary: "fetch a remote's trace notes and merge them into ours",
    arguments: "[<remote>]",
    options: {},
    notes: ["Merges with git notes merge -s cat_sort_uniq: every record of both sides is kept."],
    maxPositionals: 1,
    load: () => import("../commands/trace-fetch.js"),
  },
  {
    name: "scope request",
    summary: "ask for paths beyond an intent's scope: an unapproved extended_scope grant",
    arguments: "<ID> <path…>",
    options: {
      why: { type: "string", value: "<justification>", description: "why the intent needs them" },
    },
    notes: [
      "Edits .orchestration/active_intents.yaml in the working copy (comments kept). Refused: a",
      "path the intent forbids, a grant that adds nothing, the paths of an existing grant.",
    ],
    maxPositionals: Number.POSITIVE_INFINITY,
    load: () => import("../commands/scope-request.js"),
  },
  {
    name: "scope approve",
    summary: "approve a grant as git's user.email (one of the policy's approvers)",
    arguments: "<ID>",
    options: { grant: grantNumber },
    notes: ["Never by the intent's assigned agent. Exit 1 when the approval would not count."],
    maxPositionals: 1,
    load: () => import("../commands/scope-approve.js"),
  },
  {
    name: "scope review",
    summary: "have the policy's reviewer command decide a grant (fails closed)",
    arguments: "<ID>",
    options: { grant: grantNumber },
    notes: [
      "The request goes as JSON on stdin; RESOLUTION: APPROVED or RESOLUTION: REJECTED on stdout.",
      "No token, a non-zero exit, a crash, not found or a timeout rejects. Exit 1 when rejected.",
    ],
    maxPositionals: 1,
    load: () => import("../commands/scope-review.js"),
  },
  {
    name: "demo",
    summary: "a throwaway repository showing allow, block and the trailer",
    options: {
      keep: { type: "boolean", description: "keep the demo repository and print where it is" },
    },
    maxPositionals: 0,
    load: () => import("../commands/demo.js"),
  },
  {
    name: "intent list",
    summary: "every intent: status, name, agent, scope size, traced commits",
    options: textOrJson(),
    notes: [
      "Reads the working copy's .orchestration/active_intents.yaml (what intent commands edit).",
    ],
    maxPositionals: 0,
    load: () => import("../commands/intent-list.js"),
  },
  {
    name: "intent show",
    summary: "one intent in full, each grant with whether its approval counts",
    arguments: "<ID>",
    options: textOrJson(),
    maxPositionals: 1,
    load: () => import("../commands/intent-show.js"),
  },
  {
    name: "intent new",
    summary: "add an intent (next free ID) to the working copy's intents file",
    options: {
      name: {
        type: "string",
        value: "<name>",
        description: "what the work is (asked on a terminal)",
      },
      scope: {
        type: "string",
        multiple: true,
        value: "<pattern>",
        description: "a path or glob it owns (repeatable; asked on a terminal)",
      },
      forbid: {
        type: "string",
        multiple: true,
        value: "<pattern>",
        description: "a path or glob it may never touch (repeatable)",
      },
      agent: {
        type: "string",
        value: "<agent>",
        description: "the assigned agent (INTENTGUARD_AGENT)",
      },
      id: { type: "string", value: "<ID>", description: "its ID (default: the next free one)" },
      status: { type: "string", value: "PENDING|IN_PROGRESS", description: "default PENDING" },
    },
    notes: ["Without a terminal, --name and --scope are required. Prints the commit to make."],
    maxPositionals: 0,
    load: () => import("../commands/intent-new.js"),
  },
  ...(["start", "block", "complete", "abandon"] as const).map(
    (action): CommandSpec => ({
      name: `intent ${action}`,
      summary: {
        start: "PENDING or BLOCKED → IN_PROGRESS (closed intents: --reopen)",
        block: "IN_PROGRESS → BLOCKED",
        complete: "IN_PROGRESS → COMPLETED",
        abandon: "PENDING, IN_PROGRESS or BLOCKED → ABANDONED",
      }[action],
      arguments: "<ID>",
      options:
        action === "start"
          ? {
              reopen: { type: "boolean", description: "move a COMPLETED or ABANDONED intent back" },
            }
          : {},
      notes: [
        "Edits status and updated_at in the working copy only and prints the commit to make.",
        "Exit 1: a move the lifecycle does not allow; 2: the file changed meanwhile (run again).",
      ],
      maxPositionals: 1,
      load: {
        start: () => import("../commands/intent-start.js"),
        block: () => import("../commands/intent-block.js"),
        complete: () => import("../commands/intent-complete.js"),
        abandon: () => import("../commands/intent-abandon.js"),
      }[action],
    }),
  ),
  {
    name: "intent lint",
    summary: "check the intents file: duplicates, dead patterns, overlaps, approvals, selections",
    options: {
      ...textOrJson(),
    },
    notes: ["Reads the working copy's intents file. Exit 1 on any error-level finding, else 0."],
    maxPositionals: 0,
    load: () => import("../commands/intent-lint.js"),
  },
];

/** The command groups: a first word that only names subcommands ("trace"). */
export function groupOf(word: string): CommandSpec[] {
  return commands.filter((command) => command.name.startsWith(`${word} `));
}
