import { spawn } from "node:child_process";
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { LifecycleAction } from "../../src/core/intent/intent-lifecycle.js";
import { IntentguardError, wordFailuresWith } from "../../src/errors.js";
import {
  type NewIntentInput,
  nextIntentId,
  type PendingEdit,
  prepareNewIntent,
  prepareStatusChange,
} from "../../src/governance/intent-lifecycle.js";
import { failureText } from "../../src/report/failure/failure-text.js";
import { TestClock } from "../support/clock.js";
import {
  cliPath,
  createGovernedRepo,
  expectSuccess,
  type Run,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

// In process, failures are worded as the edge words them (src/cli.ts sets the same catalogue).
wordFailuresWith((failure) => failureText(failure, "intentguard"));

const intentsFile = ".orchestration/active_intents.yaml";
const timestamp = /"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/g;

/** The lines `after` removes from `before` and the lines it adds (a longest-common-subsequence diff). */
function lineChanges(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  const width = b.length + 1;
  const lcs = new Int32Array((a.length + 1) * width);
  const common = (i: number, j: number) => lcs[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j] ? common(i + 1, j + 1) + 1 : Math.max(common(i + 1, j), common(i, j + 1));
    }
  }
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common(i, j + 1) >= common(i + 1, j))) {
      added.push(b[j++] ?? "");
    } else {
      removed.push(a[i++] ?? "");
    }
  }
  return { removed, added };
}

describe("intent start | block | complete | abandon: the lifecycle", () => {
  let repo: TestRepo;
  beforeAll(async () => {
    repo = await createGovernedRepo({ hooks: false });
  });

  /** Which standard intent has each status. */
  const intentWith = {
    PENDING: "INT-003",
    IN_PROGRESS: "INT-001",
    BLOCKED: "INT-005",
    COMPLETED: "INT-004",
    ABANDONED: "INT-006",
  } as const;
  type Status = keyof typeof intentWith;

  function statusOf(text: string, id: string): string {
    const block = text.slice(text.indexOf(`id: "${id}"`));
    return /status: "([A-Z_]+)"/.exec(block)?.[1] ?? "";
  }

  const moves: [Status, string, Status][] = [
    ["PENDING", "start", "IN_PROGRESS"],
    ["PENDING", "abandon", "ABANDONED"],
    ["IN_PROGRESS", "block", "BLOCKED"],
    ["IN_PROGRESS", "complete", "COMPLETED"],
    ["IN_PROGRESS", "abandon", "ABANDONED"],
    ["BLOCKED", "start", "IN_PROGRESS"],
    ["BLOCKED", "abandon", "ABANDONED"],
    ["COMPLETED", "start --reopen", "IN_PROGRESS"],
    ["ABANDONED", "start --reopen", "IN_PROGRESS"],
    ["PENDING", "start --reopen", "IN_PROGRESS"],
  ];

  it.each(moves)("%s → %s → %s", (from, action, to) => {
    repo.git("checkout", "--", intentsFile);
    const id = intentWith[from];
    const [verb = "", ...flags] = action.split(" ");
    const result = repo.intentguard(["intent", verb, id, ...flags]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`: ${from} → ${to} in the working copy's ${intentsFile}.\n`);
    const text = repo.read(intentsFile);
    expect(statusOf(text, id)).toBe(to);
    // Only that intent's status changed, and it gained updated_at.
    const { removed, added } = lineChanges(standardIntents, text);
    expect(removed).toEqual([`    status: "${from}"`]);
    expect(added.map((line) => line.replace(timestamp, '"<now>"'))).toEqual([
      `    status: "${to}"`,
      `    updated_at: "<now>"`,
    ]);
  });

  const refusals: [Status, string, string][] = [
    [
      "PENDING",
      "block",
      "INT-003 is PENDING, so it cannot be blocked (PENDING → BLOCKED is not a step of the lifecycle). From PENDING: intentguard intent start INT-003 (→ IN_PROGRESS) or intentguard intent abandon INT-003 (→ ABANDONED).",
    ],
    [
      "PENDING",
      "complete",
      "INT-003 is PENDING, so it cannot be completed (PENDING → COMPLETED is not a step of the lifecycle). From PENDING: intentguard intent start INT-003 (→ IN_PROGRESS) or intentguard intent abandon INT-003 (→ ABANDONED).",
    ],
    [
      "BLOCKED",
      "complete",
      "INT-005 is BLOCKED, so it cannot be completed (BLOCKED → COMPLETED is not a step of the lifecycle). From BLOCKED: intentguard intent start INT-005 (→ IN_PROGRESS) or intentguard intent abandon INT-005 (→ ABANDONED).",
    ],
    ...(["start", "block", "abandon"] as const).map((action): [Status, string, string] => [
      "COMPLETED",
      action,
      `INT-004 is COMPLETED, so it cannot be ${{ start: "started", block: "blocked", abandon: "abandoned" }[action]} (COMPLETED → ${{ start: "IN_PROGRESS", block: "BLOCKED", abandon: "ABANDONED" }[action]} is not a step of the lifecycle). A COMPLETED intent is closed: only intentguard intent start INT-004 --reopen (→ IN_PROGRESS) moves it.`,
    ]),
    ...(["start", "block", "complete"] as const).map((action): [Status, string, string] => [
      "ABANDONED",
      action,
      `INT-006 is ABANDONED, so it cannot be ${{ start: "started", block: "blocked", complete: "completed" }[action]} (ABANDONED → ${{ start: "IN_PROGRESS", block: "BLOCKED", complete: "COMPLETED" }[action]} is not a step of the lifecycle). A ABANDONED intent is closed: only intentguard intent start INT-006 --reopen (→ IN_PROGRESS) moves it.`,
    ]),
  ];

  it.each(refusals)(
    "refuses %s → %s (exit 1), naming the moves that are allowed",
    (from, action, message) => {
      repo.git("checkout", "--", intentsFile);
      const result = repo.intentguard(["intent", action, intentWith[from]]);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(`intentguard: ${message}\n`);
      expect(repo.read(intentsFile)).toBe(standardIntents);
    },
  );

  it.each([
    ["IN_PROGRESS", "start"],
    ["BLOCKED", "block"],
    ["COMPLETED", "complete"],
    ["ABANDONED", "abandon"],
  ] as const)("leaves a %s intent as it is on %s (exit 0, nothing written)", (from, action) => {
    repo.git("checkout", "--", intentsFile);
    const id = intentWith[from];
    const result = repo.intentguard(["intent", action, id]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^${id} \\(.*\\) is already ${from}; nothing changed\\.\\n$`),
    );
    expect(repo.read(intentsFile)).toBe(standardIntents);
  });

  it("refuses --reopen on anything but start, an unknown intent, and a missing ID (exit 2)", () => {
    repo.git("checkout", "--", intentsFile);
    const reopen = repo.intentguard(["intent", "complete", "INT-001", "--reopen"]);
    expect(reopen.status).toBe(2);
    expect(reopen.stderr).toContain("unknown flag --reopen");
    const unknown = repo.intentguard(["intent", "start", "INT-010"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain(
      "There is no intent INT-010 in .orchestration/active_intents.yaml; did you mean INT-001?",
    );
    const missing = repo.intentguard(["intent", "block"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      "intentguard intent block: needs an intent ID (e.g. intentguard intent block INT-001).\n",
    );
    expect(repo.read(intentsFile)).toBe(standardIntents);
  });
});

describe("a lifecycle change is a governance commit of its own", () => {
  it("prints the commit to make; the hooks accept it, and the intent can then be selected", async () => {
    const repo = await createGovernedRepo();
    const result = repo.intentguard(["intent", "start", "INT-003"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        "INT-003 (Billing): PENDING → IN_PROGRESS in the working copy's .orchestration/active_intents.yaml.",
        "Commit it on its own (a governance change; commits are judged by the committed rules):",
        "  git commit -m 'Start INT-003: Billing' -- :/.orchestration/active_intents.yaml",
        "Then, in the work tree that does the work: intentguard select INT-003",
        "",
      ].join("\n"),
    );
    // Not selectable until committed: select reads HEAD's rules.
    expect(repo.intentguard(["select", "INT-003"]).status).toBe(1);
    repo.write("src/billing/unrelated.ts", "staged, and left out of the governance commit\n");
    repo.git("add", "src/billing/unrelated.ts");
    const command = result.stdout.split("\n")[2]?.trim() ?? "";
    expectSuccess(repo.run("sh", ["-c", command], { cwd: `${repo.dir}/src` }), command);
    expect(repo.git("show", "--name-only", "--format=", "HEAD")).toBe(`${intentsFile}\n`);
    expectSuccess(repo.intentguard(["select", "INT-003"]), "select INT-003");
  });
});

describe("the user's comments and layout survive every command", () => {
  const handWritten = [
    "# Our intents. Keep this comment.",
    "#   (indented comment text, kept as written)",
    "active_intents:",
    '  - id: "INT-001"            # the login work',
    '    name: "Auth"',
    '    status: "PENDING"          # not started yet',
    '    owned_scope: ["src/auth", "test/auth/**"]   # flow list, no padding',
    "    forbidden_scope:",
    '      - "src/auth/secrets"   # never',
    '    created_at: "2026-01-01T00:00:00Z"',
    '    updated_at: "2026-01-01T00:00:00Z"',
    "",
    "  # --- between the intents ---",
    "",
    '  - id: "INT-002"',
    '    name: "Docs"     # short',
    '    status: "IN_PROGRESS"',
    "    owned_scope:",
    '      - "docs/**"',
    '    constraints: [ "Plain English" ]   # padded flow list',
    "# The end of the file.",
    "",
  ].join("\n");

  it("changes exactly the lines each edit must, byte for byte, at the clock's time", async () => {
    const repo = await createGovernedRepo({ intents: handWritten, hooks: false });
    const clock = new TestClock("2026-03-01T09:00:00Z");
    const move =
      (id: string, action: LifecycleAction, reopen = false) =>
      () =>
        prepareStatusChange(repo.dir, clock, id, action, reopen);
    const newBilling = () =>
      prepareNewIntent(repo.dir, clock, {
        id: undefined,
        name: "Billing",
        status: "PENDING",
        ownedScope: ["src/billing", "lib/billing"],
        forbiddenScope: [],
        agent: undefined,
      });
    // Each edit at the clock's time after moving it by `advance` ms. Two moves within one second
    // write the same updated_at: the line stays as it was, and only the status changes.
    const steps: [string, () => Promise<PendingEdit<unknown>>, number, string[], string[]][] = [
      [
        "new",
        newBilling,
        0,
        [],
        [
          '  - id: "INT-003"',
          '    name: "Billing"',
          '    status: "PENDING"',
          "    owned_scope:",
          '      - "src/billing"',
          '      - "lib/billing"',
          '    created_at: "2026-03-01T09:00:00Z"',
          '    updated_at: "2026-03-01T09:00:00Z"',
        ],
      ],
      [
        "start INT-001",
        move("INT-001", "start"),
        60_000,
        [
          '    status: "PENDING"          # not started yet',
          '    updated_at: "2026-01-01T00:00:00Z"',
        ],
        [
          '    status: "IN_PROGRESS"      # not started yet',
          '    updated_at: "2026-03-01T09:01:00Z"',
        ],
      ],
      [
        "block INT-001 within the same second",
        move("INT-001", "block"),
        400,
        ['    status: "IN_PROGRESS"      # not started yet'],
        ['    status: "BLOCKED"          # not started yet'],
      ],
      [
        "complete INT-002",
        move("INT-002", "complete"),
        60_000,
        ['    status: "IN_PROGRESS"'],
        ['    status: "COMPLETED"', '    updated_at: "2026-03-01T09:02:00Z"'],
      ],
      [
        "abandon INT-001",
        move("INT-001", "abandon"),
        60_000,
        [
          '    status: "BLOCKED"          # not started yet',
          '    updated_at: "2026-03-01T09:01:00Z"',
        ],
        [
          '    status: "ABANDONED"        # not started yet',
          '    updated_at: "2026-03-01T09:03:00Z"',
        ],
      ],
      [
        "start INT-002 --reopen",
        move("INT-002", "start", true),
        60_000,
        ['    status: "COMPLETED"', '    updated_at: "2026-03-01T09:02:00Z"'],
        ['    status: "IN_PROGRESS"', '    updated_at: "2026-03-01T09:04:00Z"'],
      ],
    ];
    let before = repo.read(intentsFile);
    for (const [step, prepare, advance, removed, added] of steps) {
      clock.advance(advance);
      const saved = await (await prepare()).save();
      expect(saved.layoutKept, step).toBe(true);
      const after = repo.read(intentsFile);
      expect(lineChanges(before, after), step).toEqual({ removed, added });
      before = after;
    }
    // Every comment is where it was.
    for (const line of handWritten.split("\n").filter((line) => line.includes("#"))) {
      if (!line.includes("status:")) expect(before).toContain(line);
    }
    expect(before.startsWith(handWritten.slice(0, handWritten.indexOf("  - id:")))).toBe(true);
    expect(before.endsWith("# The end of the file.\n")).toBe(true);
  });

  it("keeps the comments of the file intentguard init writes", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    rmSync(path.join(repo.dir, intentsFile));
    expectSuccess(repo.intentguard(["init"]), "init");
    const initial = repo.read(intentsFile);
    const initTime = /updated_at: "([^"]+)"/.exec(initial)?.[1];
    expect(initTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Long before init ran: the times it wrote and the edits' times differ, whenever this runs.
    const clock = new TestClock("2001-02-03T04:05:06Z");
    const docs: NewIntentInput = {
      id: undefined,
      name: "Docs",
      status: "PENDING",
      ownedScope: ["docs"],
      forbiddenScope: [],
      agent: undefined,
    };
    await (await prepareNewIntent(repo.dir, clock, docs)).save();
    clock.advance(1000);
    await (await prepareStatusChange(repo.dir, clock, "INT-001", "block", false)).save();
    expect(lineChanges(initial, repo.read(intentsFile))).toEqual({
      removed: ['    status: "IN_PROGRESS"', `    updated_at: "${initTime}"`],
      added: [
        '    status: "BLOCKED"',
        '    updated_at: "2001-02-03T04:05:07Z"',
        '  - id: "INT-003"',
        '    name: "Docs"',
        '    status: "PENDING"',
        "    owned_scope:",
        '      - "docs"',
        '    created_at: "2001-02-03T04:05:06Z"',
        '    updated_at: "2001-02-03T04:05:06Z"',
      ],
    });
  });
});

describe("intent new", () => {
  it("takes the next free ID among 200,000: no call spreads them into as many arguments", () => {
    const ids = Array.from({ length: 200_000 }, (_, n) => `INT-${String(n + 1).padStart(3, "0")}`);
    expect(nextIntentId(ids)).toBe("INT-200001");
  });

  it("appends the next free intent and prints the commit to make", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const result = repo.intentguard([
      "intent",
      "new",
      "--name",
      "Billing export",
      "--scope",
      "src/billing/export/**",
      "--forbid",
      "src/billing/export/keys.ts",
      "--agent",
      "agent-7",
    ]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        "Added INT-007 (Billing export), PENDING, to the working copy's .orchestration/active_intents.yaml.",
        "Commit it on its own (a governance change; commits are judged by the committed rules):",
        "  git commit -m 'Add INT-007: Billing export' -- :/.orchestration/active_intents.yaml",
        "Then start it: intentguard intent start INT-007",
        "",
      ].join("\n"),
    );
    expect(repo.read(intentsFile).replace(timestamp, '"<now>"')).toBe(
      `${standardIntents}  - id: "INT-007"
    name: "Billing export"
    status: "PENDING"
    owned_scope: ["src/billing/export/**"]
    forbidden_scope: ["src/billing/export/keys.ts"]
    assigned_agent: "agent-7"
    created_at: "<now>"
    updated_at: "<now>"
`,
    );
    const started = repo.intentguard([
      "intent",
      "new",
      "--id",
      "OPS-12",
      "--name",
      "Ops",
      "--scope",
      "ops",
      "--status",
      "IN_PROGRESS",
    ]);
    expect(started.status).toBe(0);
    expect(started.stdout).toContain("Added OPS-12 (Ops), IN_PROGRESS,");
    expect(started.stdout).toContain(
      "Then, in the work tree that does the work: intentguard select OPS-12\n",
    );
    const listed = JSON.parse(repo.intentguard(["intent", "list", "--json"]).stdout);
    expect(listed.intents.map((intent: { id: string }) => intent.id).slice(-2)).toEqual([
      "INT-007",
      "OPS-12",
    ]);
  });

  it.each([
    [["--scope", "src"], "needs --name (there is no terminal to ask on)"],
    [["--name", "X"], "needs --scope (there is no terminal to ask on)"],
    [[], "needs --name and --scope (there is no terminal to ask on)"],
    [["--name", "X", "--scope", "../up"], '--scope "../up" has a ".." segment'],
    [["--name", "X", "--scope", "src/*(a|b)"], '--scope "src/*(a|b)" uses the extglob'],
    [["--name", "X", "--scope", "src", "--forbid", "/etc"], '--forbid "/etc" '],
    [["--name", "X", "--scope", "src", "--id", "INT-001"], "--id INT-001 is taken"],
    [["--name", "X", "--scope", "src", "--id", "int1"], '--id "int1" is not an intent ID'],
    [
      ["--name", "X", "--scope", "src", "--status", "BLOCKED"],
      '--status "BLOCKED": a new intent is PENDING or IN_PROGRESS',
    ],
    [["--name", " ", "--scope", "src"], "--name is empty."],
  ])("refuses %j (exit 2), naming the flag, and writes nothing", async (args, message) => {
    const repo = await createGovernedRepo({ hooks: false });
    const result = repo.intentguard(["intent", "new", ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`intentguard intent new: ${message}`);
    expect(repo.read(intentsFile)).toBe(standardIntents);
  });
});

describe("two writers at once: one wins, the other is told to retry, nothing is lost", () => {
  it("in process: of two edits read from the same file, the second to save exits 2", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const clock = new TestClock("2026-03-01T09:00:00Z");
    const first = await prepareStatusChange(repo.dir, clock, "INT-003", "start", false);
    const second = await prepareNewIntent(repo.dir, clock, {
      id: undefined,
      name: "Late",
      status: "PENDING",
      ownedScope: ["late"],
      forbiddenScope: [],
      agent: undefined,
    });
    await first.save();
    const written = repo.read(intentsFile);
    const refusal = await second.save().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(IntentguardError);
    expect((refusal as IntentguardError).exitCode).toBe(2);
    expect((refusal as IntentguardError).message).toBe(
      ".orchestration/active_intents.yaml changed on disk while this command was editing it (another command or an editor wrote it), so this edit was not written and the other one is kept. Run the command again.",
    );
    expect(repo.read(intentsFile)).toBe(written);
    expect(written).toContain('id: "INT-003"\n    name: "Billing"\n    status: "IN_PROGRESS"');
    expect(written).not.toContain("Late");
  });

  it("in process: an editor's write between read and save is kept, the command's edit refused", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const clock = new TestClock("2026-03-01T09:00:00Z");
    const pending = await prepareStatusChange(repo.dir, clock, "INT-001", "complete", false);
    const edited = standardIntents.replace('name: "Docs"', 'name: "Documentation"');
    writeFileSync(path.join(repo.dir, intentsFile), edited);
    await expect(pending.save()).rejects.toThrow(
      /changed on disk while this command was editing it/,
    );
    expect(repo.read(intentsFile)).toBe(edited);
  });

  it("in process, within one second: the conflict is the bytes read, never the times written", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const clock = new TestClock("2026-03-01T09:00:00.100Z");
    // Two identical edits read from the same file at the same instant would write the same
    // bytes: the second is refused all the same, as it would be a second later.
    const first = await prepareStatusChange(repo.dir, clock, "INT-003", "start", false);
    const again = await prepareStatusChange(repo.dir, clock, "INT-003", "start", false);
    await first.save();
    const written = repo.read(intentsFile);
    await expect(again.save()).rejects.toThrow(/changed on disk while this command was editing it/);
    expect(repo.read(intentsFile)).toBe(written);
    // An edit read after that save, in the same second, is no conflict: it is written, and both
    // intents carry that second.
    clock.advance(800);
    await (await prepareStatusChange(repo.dir, clock, "INT-001", "block", false)).save();
    const both = repo.read(intentsFile);
    expect(lineChanges(written, both)).toEqual({
      removed: ['    status: "IN_PROGRESS"'],
      added: ['    status: "BLOCKED"', '    updated_at: "2026-03-01T09:00:00Z"'],
    });
    expect(both).toContain(
      'id: "INT-003"\n    name: "Billing"\n    status: "IN_PROGRESS"\n    owned_scope: ["src/billing"]\n    updated_at: "2026-03-01T09:00:00Z"\n',
    );
  });

  it("as processes: two commands started at once, twice; never is an edit lost", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const lock = path.join(repo.dir, `${intentsFile}.lock`);
    const waiting = `intentguard: waiting for ${lock}`;
    let conflicts = 0;
    for (let round = 0; round < 2; round++) {
      repo.git("checkout", "--", intentsFile);
      // Held by this (live) process until both commands say they wait for it, which they do only
      // once they have read the file and prepared their edit: then one wins, and the other finds
      // the file changed.
      writeFileSync(lock, `${process.pid} ${os.hostname()} 2026-03-01T09:00:00.000Z\n`);
      const commands = [
        startAsync(repo, ["intent", "start", "INT-003"]),
        startAsync(repo, ["intent", "block", "INT-001"]),
      ];
      await Promise.all(commands.map((command) => command.said(waiting)));
      rmSync(lock);
      const [start, block] = await Promise.all(commands.map((command) => command.done));
      if (!start || !block) throw new Error("two commands ran");
      const text = repo.read(intentsFile);
      const changes = [
        [start, /id: "INT-003"\n {4}name: "Billing"\n {4}status: "IN_PROGRESS"/.test(text)],
        [block, /id: "INT-001"\n {4}name: "Auth"\n {4}status: "BLOCKED"/.test(text)],
      ] as const;
      // Each command either wrote its change, or exited 2 saying so and wrote nothing.
      for (const [run, written] of changes) {
        expect(run.status === 0 ? [0, true] : [2, false]).toEqual([run.status, written]);
        if (run.status === 2) {
          expect(run.stderr).toMatch(/changed on disk while this command was (reading|editing) it/);
          conflicts += 1;
        }
      }
      expect(start.status + block.status).toBe(2);
      expect(repo.intentguard(["intent", "lint"]).stdout).not.toContain("invalid");
    }
    // Both read the file before either could write it: every round is a conflict.
    expect(conflicts).toBe(2);
  });
});

describe("a lock held by a live process", () => {
  it("is waited for however old it is, said after a second, and named when the wait ends", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const lock = path.join(repo.dir, `${intentsFile}.lock`);
    const holder = spawn("tail", ["-f", "/dev/null"]);
    try {
      const since = "2026-03-01T09:00:00.000Z";
      writeFileSync(lock, `${holder.pid} ${os.hostname()} ${since}\n`);
      // Older than the 30 s after which a lock of another host, or of a process gone, is stale.
      utimesSync(lock, new Date(since), new Date(since));
      // It says it gave up after 10 s only once it waited that long (file-lock.ts): no clock here.
      const result = await runAsync(repo, ["intent", "start", "INT-003"]);
      const holderText = `process ${holder.pid} on ${os.hostname()} (since ${since})`;
      expect(result).toMatchObject({
        status: 2,
        stdout: "",
        stderr:
          `intentguard: waiting for ${lock}, held by ${holderText}; up to 10 s.\n` +
          `intentguard: ${lock} stayed locked for 10 s, held by ${holderText}. If that is no intentguard or git command at work, stop it or remove that file.\n`,
      });
      expect(repo.read(intentsFile)).toBe(standardIntents);
    } finally {
      holder.kill("SIGKILL");
    }
  });
});

interface StartedCommand {
  /** Settles once the command has written `text` to stderr (or ended without). */
  said(text: string): Promise<void>;
  done: Promise<Run>;
}

/** Starts the CLI without waiting for it; `said` is the event a test waits for, not a time. */
function startAsync(repo: TestRepo, args: string[]): StartedCommand {
  const child = spawn(process.execPath, [cliPath, ...args], { cwd: repo.dir, env: repo.env });
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
    for (const listener of listeners) listener();
  });
  const done = new Promise<Run>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => {
      for (const listener of listeners) listener();
      resolve({ status: status ?? -1, stdout, stderr });
    });
  });
  const said = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (stderr.includes(text) || child.exitCode !== null) {
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      check();
    });
  return { said, done };
}

function runAsync(repo: TestRepo, args: string[]): Promise<Run> {
  return startAsync(repo, args).done;
}

describe("prompts on a terminal", () => {
  it("asks for the name and the scope until the answers are usable", async () => {
    const { PassThrough } = await import("node:stream");
    const { askForMissing } = await import("../../src/commands/support/intent-new-prompt.js");
    const { checkPattern } = await import("../../src/commands/intent-new.js");
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk) => {
      shown += chunk;
    });
    input.end(["", "Billing export", "../up", "src/billing, ./lib/x/", ""].join("\n"));
    const answers = await askForMissing({ name: true, scope: true }, input, output, checkPattern);
    expect(answers).toEqual({ name: "Billing export", scope: ["src/billing", "lib/x"] });
    expect(shown).toContain("A name is needed.");
    expect(shown).toContain('"../up" has a ".." segment');
    const ended = new PassThrough();
    ended.end("");
    await expect(
      askForMissing({ name: true, scope: false }, ended, new PassThrough(), checkPattern),
    ).rejects.toThrow("no answer for --name; give it as a flag instead.");
  });
});
