import { beforeAll, describe, expect, it } from "vitest";
import { createRepo, expectSuccess, type TestRepo } from "../support/test-repo.js";
import { noteRecords } from "../support/traces.js";

// Five lines: the adoption commit changes only the intents file, so it is governance too.
const intents = `active_intents:
  - id: "INT-001"
    name: "Auth"
    status: "IN_PROGRESS"
    owned_scope: ["src/auth"]
`;
const policy = "policies/intentguard.yaml";
const person = {
  type: "HUMAN",
  model: null,
  agent: null,
  name: "Test Author",
  email: "author@example.com",
};

/**
 * Governance is not work, decided by the diff. A history, every number of it worked out by hand:
 *   Adopt             the intents file (5 lines)                   governance, no trailer
 *   Login             src/auth/login.ts l1-l2                      INT-001, +2
 *   Policy, selected  the policy (1 line), INT-001 selected        governance, no trailer
 *   Policy, declared  the policy +1, INTENTGUARD_INTENT=INT-001    governance, no trailer
 *   Policy, history   the policy +1, Intent: INT-001 in the message, --no-verify: governance
 *   Side              src/auth/side.ts s1 on branch side           INT-001, +1
 *   Side (picked)     the same change cherry-picked onto main      INT-001, +1
 *   Merge side        --no-ff of a branch whose change main has    authors nothing
 *   Dropped           src/auth/dropped.ts d1 on branch dropped     INT-001, +1 (gone at the tip)
 *   Merge dropped     -s ours                                      authors nothing
 */
describe("governance is counted apart from every intent", () => {
  let repo: TestRepo;
  const commits: Record<string, string> = {};

  beforeAll(async () => {
    repo = await createRepo();
    repo.write(".orchestration/active_intents.yaml", intents);
    expectSuccess(repo.intentguard(["install"]), "install");
    commits.adopt = repo.commitFile(".orchestration/active_intents.yaml", intents, "Adopt", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    expectSuccess(repo.intentguard(["select", "INT-001"]), "select");
    commits.login = repo.commitFile("src/auth/login.ts", "l1\nl2\n", "Login");
    commits.selected = repo.commitFile(policy, "version: 1\n", "Policy, selected");
    commits.declared = repo.commitFile(policy, "version: 1\n# tuned\n", "Policy, declared", {
      env: { INTENTGUARD_INTENT: "INT-001" },
    });
    commits.history = repo.commitFile(
      policy,
      "version: 1\n# tuned\n# again\n",
      "Policy, history\n\nIntent: INT-001",
      { args: ["--no-verify"] },
    );
    commits.side = repo.commitOnBranch("side", "src/auth/side.ts", "s1\n", "Side");
    // main is still at side's parent: a pick within the same second would be side itself.
    expectSuccess(
      repo.tryGit(["cherry-pick", "side"], {
        env: { GIT_COMMITTER_DATE: "2030-01-01T00:00:00Z" },
      }),
      "cherry-pick",
    );
    commits.picked = repo.head();
    expectSuccess(repo.tryGit(["merge", "--no-ff", "-m", "Merge side", "side"]), "merge side");
    commits.mergeSide = repo.head();
    commits.dropped = repo.commitOnBranch("dropped", "src/auth/dropped.ts", "d1\n", "Dropped");
    expectSuccess(
      repo.tryGit(["merge", "-s", "ours", "-m", "Merge dropped", "dropped"]),
      "merge -s ours",
    );
    commits.mergeDropped = repo.head();
  });

  it("leaves the Intent: trailer off a governance change; one the message names stays", () => {
    const trailers = (commit: string | undefined) =>
      repo.git("log", "-1", "--format=%(trailers:only,unfold)", commit ?? "");
    expect(commits.picked).not.toBe(commits.side);
    expect(trailers(commits.adopt)).toBe("\n");
    expect(repo.git("log", "-1", "--format=%B", commits.selected ?? "")).toBe(
      "Policy, selected\n\n",
    );
    expect(repo.git("log", "-1", "--format=%B", commits.declared ?? "")).toBe(
      "Policy, declared\n\n",
    );
    expect(trailers(commits.history)).toBe("Intent: INT-001\n\n");
    expect(trailers(commits.login)).toBe("Intent: INT-001\n\n");
    expect(trailers(commits.mergeSide)).toBe("Intent: INT-001\n\n");
    expect(noteRecords(repo, commits.history)[0]?.intent_id).toBe("INT-001");
    expect(noteRecords(repo, commits.mergeDropped)[0]?.files).toEqual([]);
  });

  it("trace log: governance in its own group, merges that author nothing apart", () => {
    const result = repo.intentguard(["trace", "log"]);
    expect(result.status, result.stderr).toBe(0);
    const groups = result.stdout.split(/\n(?! )/).filter(Boolean);
    const short = (name: string) => (commits[name] ?? "").slice(0, 10);
    expect(groups.map((group) => group.split("\n")[0])).toEqual([
      "INT-001: 4 commits, 3 files, 5 lines (AI 0, human 5)",
      "governance (the rules): 4 commits, 2 files, 8 lines (AI 0, human 8)",
      "merges that author nothing: 2 commits",
    ]);
    const listed = (group: string | undefined) =>
      (group ?? "")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().slice(0, 10));
    expect(listed(groups[0]).sort()).toEqual(
      ["login", "side", "picked", "dropped"].map(short).sort(),
    );
    expect(listed(groups[1]).sort()).toEqual(
      ["adopt", "selected", "declared", "history"].map(short).sort(),
    );
    expect(listed(groups[2]).sort()).toEqual(["mergeSide", "mergeDropped"].map(short).sort());
    const date = (name: string) =>
      repo.git("log", "-1", "--format=%as", commits[name] ?? "").trim();
    expect(groups[1]).toContain(
      `${short("history")} ${date("history")} Policy, history  1 file, +1 line, human Test Author <author@example.com>`,
    );
    expect(groups[2]?.split("\n")).toContain(
      `  ${short("mergeSide")} ${date("mergeSide")} Merge side`,
    );
    expect(result.stdout).not.toMatch(/([,·][ \t]*|[ \t])$/m);

    const json = JSON.parse(repo.intentguard(["trace", "log", "--json"]).stdout);
    expect(json.intents.map((log: { intent_id: string }) => log.intent_id)).toEqual(["INT-001"]);
    expect(json.governance).toMatchObject({ files: 2, lines: 8, ai_lines: 0, human_lines: 8 });
    expect(json.governance.commits).toHaveLength(4);
    expect(json.merges.map((merge: { subject: string }) => merge.subject)).toEqual([
      "Merge dropped",
      "Merge side",
    ]);

    // An intent's commits are those credited to it, not the rules change that names it.
    const only = repo.intentguard(["trace", "log", "--intent", "INT-001"]);
    expect(only.stdout.split("\n")[0]).toBe("INT-001: 4 commits, 3 files, 5 lines (AI 0, human 5)");
    expect(only.stdout).not.toContain(short("history"));
    const intentList = JSON.parse(repo.intentguard(["intent", "list", "--json"]).stdout);
    expect(intentList.intents[0]).toMatchObject({ id: "INT-001", commits: 4 });
  });

  it("trace stats: a governance bucket, exact; merges of nothing count for no intent", () => {
    const result = repo.intentguard(["trace", "stats", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      version: 1,
      range: "HEAD",
      tip: commits.mergeDropped,
      path: null,
      commits: { total: 10, traced: 10, untraced: 0, before_adoption: 0 },
      // login.ts 2 and side.ts 1 are present; dropped.ts is gone (-s ours kept main's tree).
      intents: [
        { id: "INT-001", name: "Auth", commits: 4, lines_added: 5, lines_present: 3, files: 3 },
      ],
      // The intents file 5 + the policy 1 + 1 + 1, all present.
      governance: { commits: 4, lines_added: 8, lines_present: 8, files: 2 },
      contributors: [{ ...person, commits: 8, lines_added: 13, lines_present: 11, files: 5 }],
      untraced: { commits: 0, files: 0, lines_present: 0 },
      blamed: { files: 4, lines: 11, binary: 0 },
    });
    const text = repo.intentguard(["trace", "stats"]).stdout;
    expect(text).toMatch(/\n {2}governance \(the rules\) +4 +8 +8 +2\n/);
    expect(text).not.toMatch(/([,·][ \t]*|[ \t])$/m);
    const rules = JSON.parse(
      repo.intentguard(["trace", "stats", "--json", "--path", policy]).stdout,
    );
    expect(rules.intents).toEqual([]);
    expect(rules.governance).toEqual({ commits: 3, lines_added: 3, lines_present: 3, files: 1 });
  });

  it("trace map: the governance commits' files under governance, none under an intent", () => {
    expect(repo.intentguard(["trace", "map"]).status).toBe(0);
    const map = repo.read(".orchestration/intent_map.md");
    const sections = map.split("\n## ").slice(1);
    expect(sections.map((section) => section.split("\n")[0])).toEqual([
      "INT-001 — Auth (IN_PROGRESS)",
      "Governance — changes to the rules alone, no intent's work",
    ]);
    expect(sections[0]).not.toContain(policy);
    expect(sections[0]).toContain("| `src/auth/side.ts` | 2 | 2 |");
    expect(sections[1]).toContain("| `.orchestration/active_intents.yaml` | 1 | 5 |");
    expect(sections[1]).toContain(`| \`${policy}\` | 3 | 3 |`);
    expect(map).toContain('["governance"]');
    // Committing the map is governance too: no trailer, though INT-001 is selected.
    repo.git("add", ".orchestration/intent_map.md");
    expectSuccess(repo.commit("Update the intent map"), "commit the map");
    expect(repo.git("log", "-1", "--format=%B")).toBe("Update the intent map\n\n");
    repo.git("reset", "-q", "--hard", "HEAD~1");
  });

  it("trace blame --summary: the rules files' lines are governance's, whatever commit wrote them", () => {
    const result = repo.intentguard(["trace", "blame", "--json", "policies"]);
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.intents).toEqual([]);
    expect(summary.governance).toEqual({ lines: 3, share: 1 });
    const text = repo.intentguard(["trace", "blame", "--summary", "."]).stdout;
    expect(text).toContain("  governance (the rules)  8 lines");
    expect(text).toMatch(/\n {2}INT-001 \(Auth\) +3 lines/);
    expect(text).not.toMatch(/([,·][ \t]*|[ \t])$/m);
  });
});
