import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readIfExists, refuseIrregular } from "../../src/fs/read-if-exists.js";
import type { Repo } from "../../src/git/repo.js";
import { homeAt, workTreeAt } from "../../src/git/work-tree-at.js";
import { createRepo, createScratchDir, type TestRepo } from "../support/test-repo.js";

/** The repository an agent anchored at `anchor` (relative to `base`) works in, as its root. */
function homeRoot(base: string, anchor: string): string | null {
  const at = homeAt(path.join(base, anchor, "-"));
  return at ? path.relative(base, at.repo.root) || "." : null;
}

/** Where workTreeAt places `file` for `home`: its work tree's root and kind, relative to `base`. */
function placed(base: string, file: string, home: Repo) {
  const at = workTreeAt(path.join(base, file), home);
  if (!at) return null;
  return {
    root: path.relative(base, at.repo.root) || ".",
    kind: at.kind,
    superproject: at.superproject ? path.relative(base, at.superproject.root) || "." : null,
  };
}

function repoOfTest(repo: TestRepo): Repo {
  const at = homeAt(path.join(repo.dir, "-"));
  if (!at) throw new Error(`no repository at ${repo.dir}`);
  return at.repo;
}

describe("homeAt and workTreeAt: the work tree git registers, not the nearest .git", () => {
  it("passes over a .git file or folder planted below the agent's repository", async () => {
    const repo = await createRepo();
    repo.write("src/billing/.git", "gitdir: ../../.git\n");
    repo.git("init", "-q", "src/nested");
    repo.write("src/garbage/.git", "not a gitdir line\n");
    const home = repoOfTest(repo);
    for (const file of ["src/billing/src/auth/x.js", "src/nested/a.js", "src/garbage/b.js"]) {
      expect(placed(repo.dir, file, home), file).toEqual({
        root: ".",
        kind: "main",
        superproject: null,
      });
    }
    // An agent whose directory is below a .git naming the repository's own git directory
    // still works in the repository; one with a garbage .git, too.
    expect(homeRoot(repo.dir, "src/billing/src")).toBe(".");
    expect(homeRoot(repo.dir, "src/garbage")).toBe(".");
    // A whole repository made below (git init) is innermost: the one an agent started there
    // works in — which is why the agent's project directory, where it tells it, is the anchor.
    expect(homeRoot(repo.dir, "src/nested")).toBe("src/nested");
  });

  it("takes the innermost repository: one around it (a home directory in git) has no say", async () => {
    const outer = await createRepo();
    outer.write(".orchestration/active_intents.yaml", "active_intents: []\n");
    outer.git("init", "-q", "projects/app");
    expect(homeRoot(outer.dir, "projects/app/src")).toBe("projects/app");
    const app = homeAt(path.join(outer.dir, "projects/app/-"))?.repo as Repo;
    expect(placed(outer.dir, "projects/app/src/x.js", app)).toEqual({
      root: "projects/app",
      kind: "main",
      superproject: null,
    });
    // The outer repository's files are outside the app's: no write there is the app's.
    expect(placed(outer.dir, "README.md", app)).toBeNull();
    expect(placed(outer.dir, "projects/other/x.js", app)).toBeNull();
    // And a separate git directory (git init --separate-git-dir) is a work tree of its own.
    const separate = path.join(createScratchDir(), "work");
    execFileSync("git", ["init", "-q", "--separate-git-dir", `${separate}.git`, separate], {
      env: outer.env,
    });
    const own = homeAt(path.join(separate, "-"));
    expect(own?.kind).toBe("separate");
    expect(workTreeAt(path.join(separate, "x"), own?.repo as Repo)?.kind).toBe("separate");
  });

  it("registers linked work trees of the same repository and submodules it lists", async () => {
    const repo = await createRepo();
    repo.commitFile("a.txt", "a\n", "first");
    const home = repoOfTest(repo);
    repo.git("worktree", "add", "-q", "-b", "wt", ".worktrees/wt");
    expect(placed(repo.dir, ".worktrees/wt/src/x.js", home)).toEqual({
      root: ".worktrees/wt",
      kind: "linked",
      superproject: null,
    });
    // From inside the linked work tree, the main one is the same repository's.
    const linked = homeAt(path.join(repo.dir, ".worktrees/wt/-"))?.repo as Repo;
    expect(placed(repo.dir, "src/y.js", linked)).toEqual({
      root: ".",
      kind: "main",
      superproject: null,
    });
    // Another repository's linked work tree planted inside: not this repository's.
    const other = await createRepo();
    other.commitFile("b.txt", "b\n", "first");
    other.git("worktree", "add", "-q", "-b", "planted", path.join(repo.dir, "src/planted"));
    expect(placed(repo.dir, "src/planted/x.js", home)?.root).toBe(".");

    const upstream = await createRepo();
    upstream.commitFile("lib.js", "lib\n", "lib");
    repo.git(
      "-c",
      "protocol.file.allow=always",
      "submodule",
      "add",
      "-q",
      upstream.dir,
      "vendor/lib",
    );
    expect(placed(repo.dir, "vendor/lib/lib.js", home)).toEqual({
      root: "vendor/lib",
      kind: "configured",
      superproject: ".",
    });
    // An agent working in the submodule: its files are the submodule's, the superproject's
    // are outside it.
    const sub = homeAt(path.join(repo.dir, "vendor/lib/-"))?.repo as Repo;
    expect(path.relative(repo.dir, sub.root)).toBe("vendor/lib");
    expect(placed(repo.dir, "vendor/lib/lib.js", sub)).toEqual({
      root: "vendor/lib",
      kind: "configured",
      superproject: null,
    });
    expect(placed(repo.dir, "a.txt", sub)).toBeNull();
    // Listed nowhere in .gitmodules: the same layout is planted.
    repo.write(".gitmodules", "");
    expect(placed(repo.dir, "vendor/lib/lib.js", home)?.root).toBe(".");
  });

  it("never waits on a FIFO where git keeps a file, and never follows what it cannot check", async () => {
    const repo = await createRepo();
    const home = repoOfTest(repo);
    const fake = path.join(repo.dir, "src/fake");
    mkdirSync(fake, { recursive: true });
    writeFileSync(path.join(fake, "HEAD"), "ref: refs/heads/main\n");
    execFileSync("mkfifo", [path.join(fake, "commondir")]);
    repo.write("src/.git", "gitdir: fake\n");
    expect(placed(repo.dir, "src/x.js", home)?.root).toBe(".");
    // A .git that is itself a FIFO, or a symlink to nowhere: not a work tree.
    execFileSync("mkfifo", [path.join(repo.dir, "docs.git")]);
    mkdirSync(path.join(repo.dir, "docs"));
    symlinkSync("../docs.git", path.join(repo.dir, "docs/.git"));
    expect(placed(repo.dir, "docs/x.md", home)?.root).toBe(".");
    expect(() => readIfExists(path.join(fake, "commondir"))).toThrow(
      `cannot read ${path.join(fake, "commondir")}: it is a FIFO, where a regular file belongs`,
    );
    expect(() => refuseIrregular(path.join(fake, "commondir"), "git's commondir")).toThrow(
      "cannot read git's commondir",
    );
    expect(() => refuseIrregular(path.join(fake, "HEAD"))).not.toThrow();
  });

  it("reads a bounded amount, and is null outside every repository", async () => {
    const dir = realpathSync(createScratchDir());
    writeFileSync(path.join(dir, "big"), Buffer.alloc(5000, 97));
    expect(readIfExists(path.join(dir, "big"), undefined, 5000)?.length).toBe(5000);
    expect(() => readIfExists(path.join(dir, "big"), "the file", 4096)).toThrow(
      `cannot read the file ${path.join(dir, "big")}: it holds more than the 4096 bytes`,
    );
    expect(homeAt(path.join(dir, "x"))).toBeNull();
    const elsewhere = repoOfTest(await createRepo());
    expect(workTreeAt(path.join(dir, "x"), elsewhere)).toBeNull();
  });
});
