import { describe, expect, it } from "vitest";
import { type GateSwitch, gateSwitches } from "../../src/core/agent/gate-switches.js";
import { shellCommandText, simpleCommands } from "../../src/core/agent/shell-words.js";

const place = {
  cwd: "/repo",
  home: "/home/me",
  gitDirs: ["/repo/.git", "/elsewhere/wt-git"],
  configFiles: ["/home/me/.gitconfig", "/home/me/.config/git/config"],
};

const kinds = (command: string) => gateSwitches(command, place).map((one) => one.kind);

describe("simpleCommands: a command line read far enough to see what it runs", () => {
  it("splits commands, unquotes words and finds redirections", () => {
    expect(
      simpleCommands(`A=1 git commit -m "a; b" && echo 'x > y' > "out file" 2>&1; (cd sub)`),
    ).toEqual([
      { words: ["A=1", "git", "commit", "-m", "a; b"], redirections: [] },
      { words: ["echo", "x > y"], redirections: ["out file"] },
      { words: ["cd", "sub"], redirections: [] },
    ]);
  });

  it("reads command substitutions and sh -c strings as commands of their own", () => {
    const words = simpleCommands(
      `x=$(rm -f .git/a) bash -lc 'echo "$(touch .git/b)" >> .git/c'`,
    ).map((one) => [...one.words, ...one.redirections.map((target) => `>${target}`)]);
    expect(words).toContainEqual(["rm", "-f", ".git/a"]);
    expect(words).toContainEqual(["touch", ".git/b"]);
    expect(words).toContainEqual(["echo", "$(touch .git/b)", ">.git/c"]);
  });

  it("takes a shell tool's command line from wherever an agent puts it", () => {
    expect(shellCommandText({ command: "npm test", description: "INTENTGUARD=0" })).toBe(
      "npm test",
    );
    expect(shellCommandText({ commands: '["npm test", "git status"]' })).toBe(
      "'npm test' 'git status'",
    );
    expect(shellCommandText({ command: ["bash", "-lc", "INTENTGUARD=0 git commit"] })).toBe(
      "bash -lc 'INTENTGUARD=0 git commit'",
    );
  });
});

describe("gateSwitches: what would switch the gate off, before the command runs", () => {
  it("finds INTENTGUARD=0 however it is set", () => {
    for (const command of [
      "INTENTGUARD=0 git commit -m x",
      "export INTENTGUARD=0; git commit -m x",
      "env INTENTGUARD=0 git commit",
      "bash -c 'INTENTGUARD=0 git push'",
      "echo $(INTENTGUARD=0 git commit -m x)",
    ]) {
      expect(kinds(command), command).toContain("intentguard-off");
    }
    expect(kinds("INTENTGUARD=1 git commit")).toEqual([]);
    expect(kinds("grep -r INTENTGUARD docs")).toEqual([]);
  });

  it("finds core.hooksPath and includes set by -c, git config or GIT_CONFIG_*", () => {
    const cases: [string, GateSwitch["kind"]][] = [
      ["git -c core.hooksPath=/dev/null commit -m x", "hooks-path"],
      ["git -c CORE.HOOKSPATH=/dev/null commit", "hooks-path"],
      ["git --config-env=core.hooksPath=EMPTY commit", "hooks-path"],
      ["git config core.hooksPath /dev/null", "hooks-path"],
      ["git config --global core.hooksPath /tmp/none", "hooks-path"],
      ["git config --unset core.hooksPath", "hooks-path"],
      ["git config set core.hooksPath x", "hooks-path"],
      ["git config --remove-section core", "hooks-path"],
      ["git config --edit", "hooks-path"],
      ["git config include.path /tmp/evil", "config-include"],
      ["git -c include.path=/tmp/evil commit", "config-include"],
      ['git config "includeIf.gitdir:~/.path" /tmp/evil', "config-include"],
      ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath git commit", "config-environment"],
      ["export GIT_CONFIG_PARAMETERS=\"'core.hookspath'='x'\"", "config-environment"],
      ["GIT_CONFIG_GLOBAL=/tmp/g git commit", "config-environment"],
    ];
    for (const [command, kind] of cases) expect(kinds(command), command).toContain(kind);
  });

  it("finds writes into git's directory, a .git anywhere, and git's global configuration", () => {
    const cases: [string, string][] = [
      ["rm -rf .git/intentguard/agent", ".git/intentguard/agent"],
      ["echo abc > .git/refs/heads/main", ".git/refs/heads/main"],
      ["git commit-tree HEAD^{tree} -m x >> .git/refs/heads/main", ".git/refs/heads/main"],
      ["printf 'gitdir: ../../.git\\n' > src/billing/.git", "src/billing/.git"],
      ["cp /tmp/hook .git/hooks/pre-commit", ".git/hooks/pre-commit"],
      ["mv .git/hooks/reference-transaction /tmp/x", ".git/hooks/reference-transaction"],
      ["ln -sf /dev/null .git/hooks/pre-push", ".git/hooks/pre-push"],
      ["sed -i s/x/y/ .git/config", ".git/config"],
      [
        "truncate -s 0 .git/intentguard/agent/checkpoints.jsonl",
        ".git/intentguard/agent/checkpoints.jsonl",
      ],
      ["tee .git/config < /tmp/c", ".git/config"],
      ["mkfifo .git/config.worktree", ".git/config.worktree"],
      ["cd .git && rm -rf hooks", "hooks"],
      ["rm -f /elsewhere/wt-git/HEAD", "/elsewhere/wt-git/HEAD"],
      ['rm -rf "$(git rev-parse --git-dir)/intentguard"', "$(git rev-parse --git-dir)/intentguard"],
      ["echo '[core] hooksPath=/dev/null' >> ~/.gitconfig", "~/.gitconfig"],
    ];
    for (const [command, target] of cases) {
      const found = gateSwitches(command, place);
      expect(
        found.map((one) => ("target" in one ? one.target : null)),
        command,
      ).toContain(target);
    }
  });

  it("leaves ordinary git use, reads and git's own ref moves alone", () => {
    for (const command of [
      "git status && git add -A && git commit -m 'work'",
      "git commit --no-verify -m x",
      "git update-ref refs/heads/main HEAD~1",
      "git remote add origin https://example.com/r.git && git push -u origin main",
      "git config user.email me@example.com",
      "git config --get core.hooksPath",
      "git config core.hooksPath",
      "git config --list --show-origin",
      "cat .git/config && ls .git/hooks",
      "cp .git/config /tmp/backup",
      "git stash && git pull --rebase && git stash pop",
      "git submodule update --init",
      "npm test 2>&1 | tee test.log",
      "echo done >&2",
      "rm -rf node_modules/.cache dist",
    ]) {
      expect(gateSwitches(command, place), command).toEqual([]);
    }
  });
});
