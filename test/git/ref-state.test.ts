import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gateConfig, headCommitOf, refState } from "../../src/git/ref-values.js";
import { locateRepo } from "../../src/git/repo.js";
import { createRepo } from "../support/test-repo.js";

describe("refState: the refs from git's files, as git reads them", () => {
  it("gives what git for-each-ref gives, packed, loose or many, HEAD apart", async () => {
    const repo = await createRepo();
    const first = repo.commitFile("a", "a\n", "a");
    const second = repo.commitFile("b", "b\n", "b");
    repo.git("tag", "v1", first);
    repo.git("update-ref", "refs/remotes/origin/main", first);
    repo.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main");
    repo.git("pack-refs", "--all");
    // A loose ref newer than its packed copy wins.
    repo.git("update-ref", "refs/heads/main", first);
    repo.git("update-ref", "refs/heads/topic", second);
    repo.git("update-ref", "refs/notes/intentguard", second);
    const located = await locateRepo(repo.dir);
    const state = await refState(located);
    expect(state).toEqual({
      watched: {
        "refs/heads/main": first,
        "refs/heads/topic": second,
        "refs/notes/intentguard": second,
      },
      head: "ref: refs/heads/main",
      remotes: [first],
    });
    expect(headCommitOf(state)).toBe(first);
    // HEAD on a ref outside refs/heads: watched by name, as a branch is.
    repo.git("update-ref", "refs/wip/x", second);
    repo.git("symbolic-ref", "HEAD", "refs/wip/x");
    const parked = await refState(located);
    expect(parked.watched["refs/wip/x"]).toBe(second);
    expect(headCommitOf(parked)).toBe(second);
    repo.git("symbolic-ref", "HEAD", "refs/heads/main");
    // Past 256 loose refs, git reads them: the same answer.
    const many = Array.from({ length: 300 }, (_, n) => `create refs/heads/b${n} ${second}`);
    repo.run("git", ["update-ref", "--stdin"], { input: `${many.join("\n")}\n` });
    repo.git("checkout", "-q", "--detach", second);
    const lots = await refState(located);
    expect(Object.keys(lots.watched)).toHaveLength(303);
    expect(lots.watched["refs/heads/b299"]).toBe(second);
    expect(lots.head).toBe(second);
    expect(headCommitOf(lots)).toBe(second);
  });
});

describe("gateConfig: what moves git's hooks, from the configuration files", () => {
  it("reads core.hooksPath and includes, follows what they include, and ignores the rest", async () => {
    const repo = await createRepo();
    const located = await locateRepo(repo.dir);
    const home = repo.env.HOME as string;
    const configHome = path.join(home, ".config");
    const before = gateConfig(located, home, configHome);
    repo.git("remote", "add", "origin", "https://example.com/r.git");
    repo.git("config", "user.email", "agent@example.com");
    repo.git("config", "branch.main.remote", "origin");
    expect(gateConfig(located, home, configHome)).toEqual(before);
    const included = path.join(repo.base, "extra.gitconfig");
    writeFileSync(included, '[core]\n\thooksPath = "/tmp/none" # a comment\n');
    repo.git("config", "--add", "include.path", included);
    repo.git("config", "--global", "includeIf.gitdir:/nowhere/.path", "/tmp/cond.gitconfig");
    const config = path.join(repo.dir, ".git", "config");
    expect(gateConfig(located, home, configHome)).toEqual([
      ...before,
      `${path.join(home, ".gitconfig")}: includeif.gitdir:/nowhere/.path=/tmp/cond.gitconfig`,
      `${config}: include.path=${included}`,
      `${included}: core.hookspath=/tmp/none`,
    ]);
  });
});
