import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import type { Repo } from "../../src/git/repo.js";
import { appendLedgerEvent, lineHash } from "../../src/ledger/ledger.js";
import { ledgerPath } from "../../src/ledger/ledger-file.js";
import { verifyChain } from "../../src/ledger/verify-chain.js";
import { createScratchDir } from "../support/test-repo.js";

function scratchRepo(): Repo {
  const root = createScratchDir("intentguard-ledger-");
  const commonDir = path.join(root, ".git");
  return {
    root,
    prefix: "",
    stateDir: path.join(commonDir, "intentguard"),
    mergeHeadFile: path.join(commonDir, "MERGE_HEAD"),
    hooksDir: path.join(commonDir, "hooks"),
    commonDir,
    rebaseDirs: [path.join(commonDir, "rebase-merge"), path.join(commonDir, "rebase-apply")],
    gitDir: commonDir,
  };
}

const selected = (n: number) => ({
  event: "intent_selected" as const,
  intent_id: `INT-${n}`,
  work_tree: "/w",
});

describe("the ledger", () => {
  it("chains every line to the previous one's SHA-256, with seq the line number", async () => {
    const repo = scratchRepo();
    for (let n = 1; n <= 3; n++) await appendLedgerEvent(repo, systemClock, selected(n));
    const bytes = readFileSync(ledgerPath(repo));
    const lines = bytes.toString("utf8").trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line).seq)).toEqual([1, 2, 3]);
    expect(JSON.parse(lines[0] ?? "").prev).toBeNull();
    expect(JSON.parse(lines[2] ?? "").prev).toBe(lineHash(lines[1] ?? ""));
    expect(verifyChain(bytes)).toEqual({ entries: 3, issues: [] });
    expect(readFileSync(path.join(repo.commonDir, "info", "exclude"), "utf8")).toContain(
      "/.orchestration/agent_trace.jsonl",
    );
  });

  it("serialises appends from concurrent writers", async () => {
    const repo = scratchRepo();
    await Promise.all(
      Array.from({ length: 25 }, (_, n) => appendLedgerEvent(repo, systemClock, selected(n))),
    );
    expect(verifyChain(readFileSync(ledgerPath(repo)))).toEqual({ entries: 25, issues: [] });
  });

  it("keeps a torn last line, marks it, and continues the chain from it", async () => {
    const repo = scratchRepo();
    await appendLedgerEvent(repo, systemClock, selected(1));
    const file = ledgerPath(repo);
    writeFileSync(file, `${readFileSync(file, "utf8")}{"seq":2,"ev`);
    expect(verifyChain(readFileSync(file)).issues).toEqual([
      {
        line: 2,
        kind: "torn",
        detail: "the last line was never finished (a crash while writing?)",
      },
    ]);
    expect(await appendLedgerEvent(repo, systemClock, selected(3))).toEqual([
      { event: "torn_line_found", line: 2 },
      selected(3),
    ]);
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines[1]).toBe('{"seq":2,"ev');
    expect(JSON.parse(lines[2] ?? "")).toMatchObject({
      seq: 3,
      event: "torn_line_found",
      line: 2,
      prev: lineHash('{"seq":2,"ev'),
    });
    expect(JSON.parse(lines[3] ?? "")).toMatchObject({ seq: 4, event: "intent_selected" });
    expect(verifyChain(readFileSync(file)).issues).toEqual([
      {
        line: 2,
        kind: "torn",
        detail: "cut short by a crash, kept and marked by the next append",
        marked: true,
      },
    ]);
  });

  it("reports a removed line as a broken chain", async () => {
    const repo = scratchRepo();
    for (let n = 1; n <= 3; n++) await appendLedgerEvent(repo, systemClock, selected(n));
    const lines = readFileSync(ledgerPath(repo), "utf8").split("\n");
    lines.splice(1, 1);
    const report = verifyChain(Buffer.from(lines.join("\n")));
    expect(report.issues.map((issue) => [issue.line, issue.kind])).toEqual([
      [2, "seq mismatch"],
      [2, "prev mismatch"],
    ]);
  });
});
