import { describe, expect, it } from "vitest";
import type { Failure } from "../../core/failure/failure.js";
import { ExitCode, FailureError, wordFailuresWith } from "../../errors.js";
import { failureText } from "./failure-text.js";

/** Each fact, and the exact sentence intentguard has always printed for it. */
const sentences: [string, Failure, string][] = [
  // gate
  [
    "no-governance",
    { kind: "no-governance" },
    "This repository has no .orchestration/active_intents.yaml, neither committed nor staged, so intentguard cannot tell which intents may commit. Run `intentguard init` to create it, then commit it (the adoption commit); or skip the hooks for one command with INTENTGUARD=0.",
  ],
  [
    "path-outside-repo",
    { kind: "path-outside-repo", path: "../x", root: "/r" },
    '"../x" is not a path inside the repository at /r. Give paths to files or directories inside it.',
  ],
  [
    "unknown-agent, named",
    { kind: "unknown-agent", name: "vim", known: ["claude-code", "codex"] },
    '"vim" is not an agent intentguard knows: one of claude-code, codex (as intentguard agent install writes it).',
  ],
  [
    "unknown-agent, none named",
    { kind: "unknown-agent", name: undefined, known: ["claude-code"] },
    "needs an agent: one of claude-code (as intentguard agent install writes it).",
  ],
  [
    "judged-from-unknown",
    { kind: "judged-from-unknown", judgedFrom: "v9" },
    'the server\'s git config intentguard.judgedFrom is "v9", which names no commit in this repository, so intentguard cannot tell which history to leave unjudged and refuses the push. Set it to a commit the repository has (git config intentguard.judgedFrom <sha>), or unset it.',
  ],
  // install
  [
    "hook-chain-taken",
    { kind: "hook-chain-taken", file: "h/pre-commit", chained: "h/pre-commit.pre-intentguard" },
    "Both h/pre-commit and h/pre-commit.pre-intentguard exist, and h/pre-commit is not intentguard's. Merge them into one hook (or remove h/pre-commit.pre-intentguard), then run intentguard install again.",
  ],
  [
    "agent-config-not-json",
    { kind: "agent-config-not-json", file: ".claude/settings.json", parser: "Unexpected end" },
    ".claude/settings.json is not valid JSON (Unexpected end), so intentguard cannot merge its hooks into it without losing yours. Fix the file (comments are not JSON), then run the command again.",
  ],
  [
    "agent-config-not-object",
    { kind: "agent-config-not-object", file: ".claude/settings.json" },
    ".claude/settings.json is not a JSON object; fix it, then run the command again.",
  ],
  [
    "agent-config-refused",
    {
      kind: "agent-config-refused",
      file: ".claude/settings.json",
      agent: "claude-code",
      problem: { field: "hooks.PreToolUse", expected: "list" },
    },
    ".claude/settings.json cannot take intentguard's hooks: its hooks.PreToolUse field is not a list. Fix it (it must be the agent's JSON configuration), then run intentguard agent install claude-code again.",
  ],
  [
    "manifest-not-editable",
    { kind: "manifest-not-editable", file: "/r/package.json" },
    '/r/package.json is not a package manifest intentguard can edit (not valid JSON, or "scripts" is not an object), so its prepare script was not added and the hooks were not installed. Fix the file, then run intentguard init again.',
  ],
  [
    "package-outside-repo",
    { kind: "package-outside-repo", packageRoot: "/opt/ig" },
    "The husky hooks in this repository are committed and shared, so they must name intentguard by a path inside the repository, and this intentguard runs from /opt/ig, outside it. Install it as a development dependency of the project (npm install --save-dev intentguard, or from a tarball or checkout as the README says), then run npx intentguard install from the repository.",
  ],
  // ranges, as --range gives them and as trace stats' argument
  [
    "range-empty",
    { kind: "range-empty", spelled: "--range" },
    "the commit range is empty. Use a revision or <a>..<b>, e.g. --range origin/main..HEAD (without --range: HEAD and all of its history).",
  ],
  [
    "range-empty, trace stats",
    { kind: "range-empty", spelled: "trace stats" },
    "the commit range is empty. Use a revision or <a>..<b>, e.g. trace stats origin/main..HEAD (without one: HEAD and all of its history).",
  ],
  [
    "range-option-like, the whole range",
    { kind: "range-option-like", range: "--x", end: "--x", spelled: "--range" },
    '"--x" is not a commit range: it starts with "-", as no revision does (git would read it as an option). Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.',
  ],
  [
    "range-option-like, an end",
    { kind: "range-option-like", range: "a..-x", end: "-x", spelled: "trace stats" },
    '"a..-x" is not a commit range: "-x" starts with "-", as no revision does (git would read it as an option). Use a revision or <a>..<b>, e.g. trace stats origin/main..HEAD.',
  ],
  [
    "range-negative, the last end",
    { kind: "range-negative", range: "^a", end: "^a", last: true, spelled: "--range" },
    '"^a" ends at no one commit: it starts with "^", which excludes a revision\'s history (git\'s negative revision) rather than naming a commit. Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.',
  ],
  [
    "range-negative, the first end",
    { kind: "range-negative", range: "^a..b", end: "^a", last: false, spelled: "--range" },
    '"^a..b" starts at no one commit: "^a" starts with "^", which excludes a revision\'s history (git\'s negative revision) rather than naming a commit. Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.',
  ],
  [
    "range-unresolved",
    {
      kind: "range-unresolved",
      range: "x",
      gitSaid: "fatal: bad",
      unborn: false,
      spelled: "--range",
    },
    '"x" is not a commit range git can resolve (fatal: bad). Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.',
  ],
  [
    "range-unresolved, on an unborn branch",
    {
      kind: "range-unresolved",
      range: "x",
      gitSaid: "fatal: bad",
      unborn: true,
      spelled: "--range",
    },
    '"x" is not a commit range git can resolve (fatal: bad). This branch has no commits yet. Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.',
  ],
  [
    "range-tip-unresolved",
    { kind: "range-tip-unresolved", range: "a..b", gitSaid: "fatal: no", spelled: "--range" },
    'the tip of "a..b" is not a revision git can resolve (fatal: no). Use a revision or <a>..<b>, e.g. --range origin/main..HEAD.',
  ],
  // stores
  [
    "lock-held",
    {
      kind: "lock-held",
      lockFile: "/r/x.lock",
      waitedSeconds: 10,
      holder: { file: "/r/x.lock", pid: 42, host: "build-7", since: "2026-01-01T00:00:00Z" },
    },
    "/r/x.lock stayed locked for 10 s, held by process 42 on build-7 (since 2026-01-01T00:00:00Z). If that is no intentguard or git command at work, stop it or remove that file.",
  ],
  [
    "lock-held by a process the file does not name",
    {
      kind: "lock-held",
      lockFile: "/r/x.lock",
      waitedSeconds: 10,
      holder: { file: "/r/x.lock", pid: null, host: null, since: null },
    },
    "/r/x.lock stayed locked for 10 s, held by a process the lock file does not name. If that is no intentguard or git command at work, stop it or remove that file.",
  ],
  [
    "ledger-not-regular-file",
    { kind: "ledger-not-regular-file", file: "/r/l.jsonl" },
    "the ledger /r/l.jsonl is not a regular file (a directory, a device, a FIFO or a socket is in its place). Move it away; intentguard starts a new ledger there, and verify reports the records that anchored the old one.",
  ],
  [
    "selection-damaged",
    { kind: "selection-damaged", file: "/r/s.json" },
    '/r/s.json is not a valid intent selection (expected JSON like {"version":1,"intent":"INT-001",…}). Choose again with `intentguard select <ID>`, or remove it with `intentguard select --clear`.',
  ],
  // trace
  [
    "blame-binary",
    { kind: "blame-binary", path: "a.png" },
    "a.png is a binary file (a NUL in its first 8,000 bytes, git's own test): it has no lines to blame. Name a text file.",
  ],
  [
    "blame-refused, missing, at a revision",
    { kind: "blame-refused", path: "a", rev: "v1", gitSaid: "no such path a in v1", missing: true },
    "cannot blame a at v1: no such path a in v1. Name a file git tracks at that revision (git ls-files lists them), and a revision that exists.",
  ],
  [
    "blame-refused, missing",
    { kind: "blame-refused", path: "a", rev: undefined, gitSaid: "no such path", missing: true },
    "cannot blame a: no such path. Name a file git tracks (git ls-files lists them), and a revision that exists.",
  ],
  [
    "blame-refused, otherwise",
    { kind: "blame-refused", path: "a", rev: "v1", gitSaid: "out of memory", missing: false },
    "cannot blame a at v1: out of memory.",
  ],
  [
    "shallow-edge of a blame",
    {
      kind: "shallow-edge",
      path: "a",
      lines: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      commit: "0123456789abcdef",
      redo: "blame",
    },
    "a: lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more reach the edge of this shallow clone (commit 0123456789ab), so the commit that last changed them is not here. Fetch the history (git fetch --unshallow), then blame again.",
  ],
  [
    "shallow-edge of a count",
    { kind: "shallow-edge", path: "a", lines: null, commit: "0123456789abcdef", redo: "count" },
    "a: lines reach the edge of this shallow clone (commit 0123456789ab), so the commit that last changed them is not here. Fetch the history (git fetch --unshallow), then count again.",
  ],
  [
    "stats-tip-unresolved",
    { kind: "stats-tip-unresolved", tip: "b" },
    'the tip of "b" is not a commit git can resolve. Name a revision that exists.',
  ],
  [
    "stats-path-untouched",
    { kind: "stats-path-untouched", path: "docs", tip: "HEAD", range: "a..HEAD" },
    "docs is not a path git tracks at HEAD, and no commit of a..HEAD touched it: there is nothing to count. git ls-files lists the tracked files.",
  ],
  // governance
  [
    "grant-path-invalid",
    {
      kind: "grant-path-invalid",
      path: "../x",
      problem: "leaves the repository",
      fix: "name a path inside it",
    },
    'The path "../x" leaves the repository; name a path inside it.',
  ],
  [
    "approval-by-agent",
    { kind: "approval-by-agent", intent: "INT-001", agent: "claude-code", variable: "CLAUDECODE" },
    "an agent runs this (claude-code, by CLAUDECODE in the environment), and approving a grant is a person's act: a person approves it here, or the policy's reviewer (intentguard scope review INT-001).",
  ],
  [
    "grant-approved-already",
    { kind: "grant-approved-already", intent: "INT-001", grant: 2, by: "a@example.com" },
    "Grant 2 of INT-001 is approved already (by a@example.com); nothing was changed.",
  ],
  [
    "approver-email-missing",
    { kind: "approver-email-missing" },
    'An approval is recorded under your git identity, and git has no user.email here. Set it (git config user.email "you@example.com"), then run the command again.',
  ],
  [
    "approval-by-assigned-agent",
    { kind: "approval-by-assigned-agent", intent: "INT-001", agent: "agent-7" },
    "INT-001 is assigned to agent-7, who may not approve its own grant: a person (or the policy's reviewer) approves it.",
  ],
  [
    "approver-not-allowed",
    {
      kind: "approver-not-allowed",
      by: "m@example.com",
      approvers: ["a@example.com", "b@example.com"],
    },
    "m@example.com is not one of the policy's approvers (a@example.com, b@example.com), so the approval would not count. Ask one of them to run this command.",
  ],
  [
    "reviewer-missing",
    { kind: "reviewer-missing" },
    "The policy names no reviewer (extended_scope.reviewer: { name, command, timeout_seconds } in policies/intentguard.yaml), so there is nothing to run. Approve the grant yourself with intentguard scope approve.",
  ],
  [
    "grant-changed-in-review",
    { kind: "grant-changed-in-review", intent: "INT-001", grant: 1, decision: "APPROVED" },
    "Grant 1 of INT-001 changed while the reviewer ran, so its decision (APPROVED) was not recorded. Run the review again.",
  ],
  [
    "intent-id-taken",
    { kind: "intent-id-taken", id: "INT-002", next: "INT-007" },
    "--id INT-002 is taken: INT-002 is already in the intents file. Leave --id out for the next free one (INT-007).",
  ],
  [
    "intents-file-missing, lint",
    { kind: "intents-file-missing", lint: true },
    "There is no .orchestration/active_intents.yaml in this work tree: nothing to lint. Run intentguard init to create one.",
  ],
  [
    "intents-file-missing",
    { kind: "intents-file-missing", lint: false },
    "There is no .orchestration/active_intents.yaml in this work tree. Run intentguard init to create one.",
  ],
  [
    "intents-file-changed",
    { kind: "intents-file-changed" },
    ".orchestration/active_intents.yaml changed on disk while this command was editing it (another command or an editor wrote it), so this edit was not written and the other one is kept. Run the command again.",
  ],
];

describe("the failure catalogue", () => {
  it.each(sentences)("%s", (_, failure, sentence) => {
    expect(failureText(failure, "intentguard")).toBe(sentence);
  });

  it("names the command as intentguard runs here", () => {
    expect(failureText({ kind: "intents-file-missing", lint: false }, "npx intentguard")).toBe(
      "There is no .orchestration/active_intents.yaml in this work tree. Run npx intentguard init to create one.",
    );
    expect(failureText({ kind: "selection-damaged", file: "s.json" }, "npx intentguard")).toContain(
      "Choose again with `npx intentguard select <ID>`",
    );
  });

  it("is what a FailureError's message reads once the edge sets it", () => {
    const error = new FailureError({ kind: "no-governance" }, ExitCode.CannotEvaluate);
    expect(error.message).toBe("intentguard failure: no-governance");
    wordFailuresWith((failure) => failureText(failure, "intentguard"));
    expect(error.message).toBe(failureText({ kind: "no-governance" }, "intentguard"));
  });
});
