import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installPackageCopy } from "../support/package-copy.js";
import {
  createGovernedRepo,
  createRepo,
  createSelectedRepo,
  projectRoot,
  type Run,
  refusedByHook,
  standardIntents,
  type TestRepo,
} from "../support/test-repo.js";

/**
 * A broken environment — unreadable or misplaced state files, a read-only git directory, a
 * damaged cache, a package that was never built — is never "a bug" (exit 3): it is one explained
 * paragraph naming the path and the fix (exit 2), or, where the step only saves time, nothing.
 * Tests run as root in CI, where chmod does not stop reads or writes: there the permission cases
 * run the CLI as nobody (setpriv), from a copy of the package in the test's own directory, which
 * nobody owns while the command runs.
 */
const isRoot = process.getuid?.() === 0;
const nobody = 65534;
/** As root without setpriv (util-linux) the permission cases cannot drop privileges: skipped. */
const cannotDrop = isRoot && spawnSync("setpriv", ["--version"]).error !== undefined;

/**
 * How a permission case runs intentguard: as the user running the tests, or, as root, as nobody
 * (for whom chmod binds). The repository is nobody's only while the command runs: git refuses a
 * repository another user owns, and the test's own git commands run as root.
 */
function unprivileged(repo: TestRepo): (args: string[]) => Run {
  if (!isRoot) return (args) => repo.intentguard(args);
  const cli = installPackageCopy(path.join(repo.base, "nobody", "node_modules"), {
    copyDependencies: true,
  });
  return (args) => {
    owned(repo.base, nobody);
    try {
      const privileges = [`--reuid=${nobody}`, `--regid=${nobody}`, "--clear-groups"];
      // No coverage dump: nobody may not write the run's coverage directory.
      return repo.run("setpriv", [...privileges, process.execPath, cli, ...args], {
        env: { NODE_V8_COVERAGE: undefined },
      });
    } finally {
      owned(repo.base, 0);
    }
  };
}

/** Gives `dir` and everything under it to `uid` (its group too), links themselves not followed. */
function owned(dir: string, uid: number): void {
  lchownSync(dir, uid, uid);
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    lchownSync(path.join(dir, entry), uid, uid);
  }
}

/** One explained paragraph with the given exit code: no stack, no bug hint. */
function expectExplained(result: Run, status: number, ...fragments: string[]): void {
  expect(result.stderr).not.toContain("internal error");
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  for (const fragment of fragments) expect(result.stderr).toContain(fragment);
  expect(result.status).toBe(status);
}

/** Every leftover temporary file of an atomic write under `dir`. */
function temporaryFiles(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) =>
    name.endsWith(".tmp"),
  );
}

/** Restores write permission on what a test made read-only, so the repository can be removed. */
const madeReadOnly: string[] = [];
afterEach(() => {
  for (const dir of madeReadOnly.splice(0)) {
    for (const entry of [
      dir,
      ...readdirSync(dir, { recursive: true }).map((name) => path.join(dir, String(name))),
    ]) {
      chmodSync(entry, statSync(entry).isDirectory() ? 0o755 : 0o644);
    }
  }
});

function readOnly(dir: string, mode = 0o555): void {
  madeReadOnly.push(dir);
  chmodSync(dir, mode);
}

/** A governed repository with an in-scope change of INT-001 staged. */
async function stagedAuthChange(): Promise<TestRepo> {
  const repo = await createGovernedRepo();
  repo.write("src/auth/login.ts", "export const login = 2;\n");
  repo.git("add", "-A");
  return repo;
}

describe("an unreadable intent selection", () => {
  it("is explained when selection.json is a directory (exit 2), by every command reading it", async () => {
    const repo = await stagedAuthChange();
    const selection = path.join(repo.dir, ".git/intentguard/selection.json");
    rmSync(selection, { force: true });
    mkdirSync(selection);
    const fragments = [selection, "is a directory", "Move it away or remove it"];
    const staged = repo.intentguard(["check", "--staged"]);
    expectExplained(staged, 2, "cannot read the intent selection", ...fragments);
    const paths = repo.intentguard(["check", "--paths", "src/auth/x.ts"]);
    expectExplained(paths, 2, "cannot read the intent selection", ...fragments);
    const select = repo.intentguard(["select", "INT-001"]);
    expectExplained(select, 2, "cannot write the intent selection", ...fragments);
    const clear = repo.intentguard(["select", "--clear"]);
    expectExplained(clear, 2, "cannot remove the intent selection", ...fragments);
    expect(statSync(selection).isDirectory()).toBe(true);
    expect(temporaryFiles(path.join(repo.dir, ".git"))).toEqual([]);
    // A commit -m starts no Node before it lands: the trailer hook says why it has no intent.
    const commit = repo.commit("Login");
    expect(commit.status).toBe(refusedByHook);
    expect(commit.stderr).toContain(
      "intentguard: cannot read the intent selection .git/intentguard/selection.json: it is not a file.",
    );
    expect(commit.stderr).toContain("declares no intent");
  });

  it.skipIf(cannotDrop)("is explained when selection.json may not be read (exit 2)", async () => {
    const repo = await createSelectedRepo();
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "-A");
    const run = unprivileged(repo);
    const selection = path.join(repo.dir, ".git/intentguard/selection.json");
    madeReadOnly.push(path.dirname(selection));
    chmodSync(selection, 0o000);
    const result = run(["check", "--staged"]);
    expectExplained(result, 2, selection, "permission denied", `chmod u+r ${selection}`);
  });
});

describe("select with a state directory or a ledger it cannot write", () => {
  it("is explained when .git/intentguard is a file, and changes nothing", async () => {
    const repo = await createGovernedRepo();
    const stateDir = path.join(repo.dir, ".git/intentguard");
    rmSync(stateDir, { recursive: true, force: true });
    writeFileSync(stateDir, "not a directory\n");
    const result = repo.intentguard(["select", "INT-001"]);
    expectExplained(
      result,
      2,
      `cannot write the intent selection ${stateDir}/selection.json`,
      `${stateDir} is a file, where intentguard needs a directory`,
    );
    expect(readFileSync(stateDir, "utf8")).toBe("not a directory\n");
    expect(temporaryFiles(path.join(repo.dir, ".git"))).toEqual([]);
    expect(repo.read(".orchestration/agent_trace.jsonl")).not.toContain("intent_selected");
    // Nothing can be selected there, so there is nothing to clear.
    expect(repo.intentguard(["select", "--clear"]).stdout).toContain("no intent was selected");
  });

  it.skipIf(cannotDrop)("is explained when .git/intentguard may not be written", async () => {
    const repo = await createGovernedRepo();
    const run = unprivileged(repo);
    const stateDir = path.join(repo.dir, ".git/intentguard");
    mkdirSync(stateDir, { recursive: true });
    readOnly(stateDir);
    const result = run(["select", "INT-001"]);
    expectExplained(result, 2, "permission denied", `chmod u+w ${stateDir}`);
    expect(existsSync(path.join(stateDir, "selection.json"))).toBe(false);
    expect(temporaryFiles(stateDir)).toEqual([]);
  });

  it("is explained when the ledger is a directory, and leaves no selection behind", async () => {
    const repo = await createGovernedRepo();
    const ledger = path.join(repo.dir, ".orchestration/agent_trace.jsonl");
    rmSync(ledger, { force: true });
    mkdirSync(ledger);
    const result = repo.intentguard(["select", "INT-001"]);
    expectExplained(result, 2, `the ledger ${ledger}`, "is a directory", "Move it away");
    expect(existsSync(path.join(repo.dir, ".git/intentguard/selection.json"))).toBe(false);
    expect(existsSync(`${ledger}.lock`)).toBe(false);
  });

  it("is explained when .orchestration is a file", async () => {
    const repo = await createGovernedRepo({ hooks: false });
    const orchestration = path.join(repo.dir, ".orchestration");
    // The intents come from HEAD; the working tree has a file where the ledger's folder goes.
    rmSync(orchestration, { recursive: true, force: true });
    writeFileSync(orchestration, "");
    const result = repo.intentguard(["select", "INT-001"]);
    expectExplained(
      result,
      2,
      `the ledger ${orchestration}/agent_trace.jsonl`,
      `${orchestration} is a file, where intentguard needs a directory`,
    );
    expect(existsSync(path.join(repo.dir, ".git/intentguard/selection.json"))).toBe(false);
  });

  it.skipIf(cannotDrop)("is explained when the ledger's directory may not be written", async () => {
    const repo = await createGovernedRepo();
    const run = unprivileged(repo);
    const orchestration = path.join(repo.dir, ".orchestration");
    readOnly(orchestration);
    const result = run(["select", "INT-001"]);
    expectExplained(result, 2, "agent_trace.jsonl", `chmod u+w ${orchestration}`);
    expect(existsSync(path.join(repo.dir, ".git/intentguard/selection.json"))).toBe(false);
  });
});

describe("a git directory intentguard cannot write to", () => {
  it("still judges what is staged when .git/intentguard is a file; select fails explained", async () => {
    const repo = await stagedAuthChange();
    const stateDir = path.join(repo.dir, ".git/intentguard");
    rmSync(stateDir, { recursive: true, force: true });
    writeFileSync(stateDir, "");
    const allowed = repo.intentguard(["check", "--staged", "--intent", "INT-001"]);
    expect(allowed.stderr).toBe("");
    expect(allowed.stdout).toContain("allowed — INT-001 (Auth), 1 path in scope");
    expect(allowed.status).toBe(0);
    repo.write("src/billing/invoice.ts", "export const invoice = 2;\n");
    repo.git("add", "-A");
    const blocked = repo.intentguard(["check", "--staged", "--intent", "INT-001"]);
    expect(blocked.stdout).toContain("outside the scope of INT-001");
    expect(blocked.status).toBe(1);
    expectExplained(repo.intentguard(["select", "INT-001"]), 2, `${stateDir} is a file`);
  });

  it("lets a commit through when its trace cannot be written, and says so", async () => {
    const repo = await stagedAuthChange();
    const stateDir = path.join(repo.dir, ".git/intentguard");
    rmSync(stateDir, { recursive: true, force: true });
    writeFileSync(stateDir, "");
    const before = repo.commitCount();
    const result = repo.commit("Change login", [], { env: { INTENTGUARD_INTENT: "INT-001" } });
    expect(result.stderr).toContain("could not record the trace");
    expect(result.stderr).toContain("The commit stands");
    expect(result.stderr).not.toContain("internal error");
    expect(result.status).toBe(0);
    expect(repo.commitCount()).toBe(before + 1);
  });

  it.skipIf(cannotDrop)("still judges when the whole git directory is read-only", async () => {
    const repo = await stagedAuthChange();
    const run = unprivileged(repo);
    const gitDir = path.join(repo.dir, ".git");
    rmSync(path.join(gitDir, "intentguard/cache"), { recursive: true, force: true });
    madeReadOnly.push(gitDir);
    for (const entry of [gitDir, ...readdirSync(gitDir, { recursive: true, encoding: "utf8" })]) {
      const full = path.isAbsolute(entry) ? entry : path.join(gitDir, entry);
      if (statSync(full).isDirectory()) chmodSync(full, 0o555);
    }
    const allowed = run(["check", "--staged", "--intent", "INT-001"]);
    expect(allowed.stdout, allowed.stderr).toContain("allowed — INT-001 (Auth), 1 path in scope");
    expect(allowed.status).toBe(0);
    expectExplained(run(["select", "INT-001"]), 2, "permission denied");
  });
});

describe("the compiled-governance cache", () => {
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  const cacheDir = (repo: TestRepo) => path.join(repo.dir, ".git/intentguard/cache");
  const entries = (repo: TestRepo) =>
    readdirSync(cacheDir(repo)).filter((name) => name.startsWith("rules-"));

  /** A selected repository whose cache holds the committed governance (a warm hook's view). */
  async function warmRepo(): Promise<{ repo: TestRepo; files: Map<string, string> }> {
    const repo = await createSelectedRepo();
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "-A");
    expect(repo.intentguard(["check", "--staged"]).status).toBe(0);
    const files = new Map(
      entries(repo).map((name) => [name, readFileSync(path.join(cacheDir(repo), name), "utf8")]),
    );
    expect(files.size).toBeGreaterThan(0);
    return { repo, files };
  }

  /** The parts of a cache entry the damages touch. */
  interface Entry {
    intents: { owned_scope?: string[] }[] | string;
    policy: { rules?: unknown };
    scopes: Record<string, { allow?: { pattern: string; glob?: unknown; origin: unknown }[] }>;
  }
  const intents = (entry: Entry) => (typeof entry.intents === "string" ? [] : entry.intents);
  const globs = (entry: Entry) =>
    Object.values(entry.scopes)
      .flatMap((scope) => scope.allow ?? [])
      .filter((p) => p.glob);

  const damages: [string, (entry: Entry) => void][] = [
    [
      "a scope without allow",
      (entry) => {
        for (const scope of Object.values(entry.scopes)) delete scope.allow;
      },
    ],
    ["a policy without rules", (entry) => delete entry.policy.rules],
    [
      "an intent without owned_scope",
      (entry) => {
        for (const intent of intents(entry)) delete intent.owned_scope;
      },
    ],
    ["an intent without its scope", (entry) => delete entry.scopes["INT-001"]],
    [
      "a glob in the picomatch layout",
      (entry) => {
        for (const pattern of globs(entry)) pattern.glob = { source: "^test\\/auth$", flags: "" };
      },
    ],
    [
      "a glob token of an unknown kind",
      (entry) => {
        for (const pattern of globs(entry)) {
          pattern.glob = { alternatives: [[{ kind: "segment", tokens: [{ kind: "plus" }] }]] };
        }
      },
    ],
    [
      "a class range of the wrong shape",
      (entry) => {
        const tokens = [{ kind: "class", negated: false, ranges: [[97]] }];
        for (const pattern of globs(entry)) {
          pattern.glob = { alternatives: [[{ kind: "segment", tokens }]] };
        }
      },
    ],
    [
      "a string where the intents go",
      (entry) => {
        entry.intents = "INT-001";
      },
    ],
  ];

  for (const [name, damage] of damages) {
    it(`recompiles an entry with ${name}, judges, and rewrites it`, async () => {
      const { repo, files } = await warmRepo();
      for (const [file, text] of files) {
        const governance = JSON.parse(text) as Entry;
        damage(governance);
        writeFileSync(path.join(cacheDir(repo), file), JSON.stringify(governance));
      }
      const allowed = repo.intentguard(["check", "--staged"]);
      expect(allowed.stderr).toBe("");
      expect(allowed.stdout).toContain("allowed — INT-001 (Auth), 1 path in scope");
      expect(allowed.status).toBe(0);
      repo.write("test/auth/login.test.ts", "test\n");
      repo.write("src/billing/invoice.ts", "export const invoice = 2;\n");
      repo.git("add", "-A");
      const blocked = repo.intentguard(["check", "--staged"]);
      expect(blocked.stdout).toContain("outside the scope of INT-001");
      expect(blocked.stdout).toContain("src/billing/invoice.ts");
      expect(blocked.stdout).not.toContain("test/auth/login.test.ts");
      expect(blocked.status).toBe(1);
      for (const [file, text] of files) {
        expect(readFileSync(path.join(cacheDir(repo), file), "utf8")).toBe(text);
      }
    });
  }

  it("recompiles an entry that is not JSON, or is a directory", async () => {
    const { repo, files } = await warmRepo();
    const [first, ...rest] = [...files.keys()];
    writeFileSync(path.join(cacheDir(repo), first as string), '{"intents": [');
    for (const file of rest) {
      rmSync(path.join(cacheDir(repo), file));
      mkdirSync(path.join(cacheDir(repo), file));
    }
    const result = repo.intentguard(["check", "--staged"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("names its entries with the cache format, and never reads an earlier layout's", async () => {
    const { repo, files } = await warmRepo();
    for (const file of files.keys()) expect(file).toMatch(new RegExp(`^rules-\\d+-${version}-`));
    // An entry in the layout before the format number: a cache that lets INT-001 write anything.
    for (const [file, text] of files) {
      const governance = JSON.parse(text) as Entry;
      for (const scope of Object.values(governance.scopes)) {
        scope.allow = [{ pattern: "src", origin: { kind: "owned" } }];
      }
      const key = file.replace(/^rules-\d+-/, "");
      writeFileSync(path.join(cacheDir(repo), `rules-${key}`), JSON.stringify(governance));
      rmSync(path.join(cacheDir(repo), file));
    }
    repo.write("src/billing/invoice.ts", "export const invoice = 2;\n");
    repo.git("add", "-A");
    const blocked = repo.intentguard(["check", "--staged"]);
    expect(blocked.stdout).toContain("outside the scope of INT-001");
    expect(blocked.status).toBe(1);
  });
});

describe("the hook shims when the package was never built", () => {
  it("stop the commit with the missing path and the fix, not a Node stack", async () => {
    const repo = await createRepo();
    const cli = installPackageCopy(path.join(repo.dir, "node_modules"));
    repo.write(".gitignore", "node_modules/\n");
    expect(repo.run(process.execPath, [cli, "install"]).status).toBe(0);
    repo.write(".orchestration/active_intents.yaml", standardIntents);
    repo.write("src/auth/login.ts", "export const login = 1;\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "Adopt intentguard");
    expect(repo.run(process.execPath, [cli, "select", "INT-001"]).status).toBe(0);
    rmSync(cli);

    const before = repo.commitCount();
    repo.write("src/auth/login.ts", "export const login = 2;\n");
    repo.git("add", "-A");
    const result = repo.commit("Change login");
    const missing = `${repo.dir}/node_modules/intentguard/hooks/../dist/cli.cjs`;
    expect(result.stderr).toContain(`intentguard: ${missing} is missing`);
    expect(result.stderr).toContain("the reference-transaction hook cannot run");
    expect(result.stderr).toContain("npm ci");
    expect(result.stderr).toContain("INTENTGUARD=0");
    expect(result.stderr).not.toContain("Cannot find module");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status).toBe(refusedByHook);
    expect(repo.commitCount()).toBe(before);

    const skipped = repo.commit("Change login", [], { env: { INTENTGUARD: "0" } });
    expect(skipped.status).toBe(0);
    expect(repo.commitCount()).toBe(before + 1);
  });
});
