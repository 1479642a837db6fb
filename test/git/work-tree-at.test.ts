import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readIfExists, refuseIrregular } from "../../src/fs/read-if-exists.js";
import { workTreeAt } from "../../src/git/work-tree-at.js";
import { createRepo, createScratchDir, type TestRepo } from "../support/test-repo.js";

/** Where workTreeAt places `file`: its work tree's root and kind, relative to `base`. */
function placed(base: string, file: string) {
  const at = workTreeAt(path.join(base, file));
  if (!at) return null;
  return {
    root: path.relative(base, at.repo.root) || ".",
    kind: at.kind,
    superproject: at.superproject ? path.relative(base, at.superproject.root) || "." : null,
  };
}

/** A repository that has adopted intentguard (its rules folder is enough to count as governed). */
async function governedRepo(): Promise<TestRepo> {
  const repo = await createRepo();
  repo.write(".orchestration/active_intents.yaml", "active_intents: []\n");
  return repo;
}

describe("workTreeAt: the work tree git registers, not the nearest .git", () => {
  it("passes over a .git file or folder planted below a governed work tree", async () => {
    const repo = await governedRepo();
    repo.write("src/billing/.git", "gitdir: ../../.git\n");
    repo.git("init", "-q", "src/nested");
    repo.write("src/garbage/.git", "not a gitdir line\n");
    for (const file of ["src/billing/src/auth/x.js", "src/nested/a.js", "src/garbage/b.js"]) {
      expect(placed(repo.dir, file), file).toEqual({ root: ".", kind: "main", superproject: null });
    }
  });

  it("takes a repository of one's own inside an ungoverned one (a home directory in git)", async () => {
    const home = await createRepo();
    home.git("init", "-q", "projects/app");
    expect(placed(home.dir, "projects/app/src/x.js")).toEqual({
      root: "projects/app",
      kind: "main",
      superproject: null,
    });
    // And a separate git directory (git init --separate-git-dir) is a work tree of its own.
    const separate = path.join(createScratchDir(), "work");
    execFileSync("git", ["init", "-q", "--separate-git-dir", `${separate}.git`, separate], {
      env: home.env,
    });
    expect(workTreeAt(path.join(separate, "x"))?.kind).toBe("separate");
  });

  it("registers linked work trees of the same repository and submodules it lists", async () => {
    const repo = await governedRepo();
    repo.commitFile("a.txt", "a\n", "first");
    repo.git("worktree", "add", "-q", "-b", "wt", ".worktrees/wt");
    expect(placed(repo.dir, ".worktrees/wt/src/x.js")).toEqual({
      root: ".worktrees/wt",
      kind: "linked",
      superproject: null,
    });
    // Another repository's linked work tree planted inside: not this repository's.
    const other = await createRepo();
    other.commitFile("b.txt", "b\n", "first");
    other.git("worktree", "add", "-q", "-b", "planted", path.join(repo.dir, "src/planted"));
    expect(placed(repo.dir, "src/planted/x.js")?.root).toBe(".");

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
    expect(placed(repo.dir, "vendor/lib/lib.js")).toEqual({
      root: "vendor/lib",
      kind: "configured",
      superproject: ".",
    });
    // Listed nowhere in .gitmodules: the same layout is planted.
    repo.write(".gitmodules", "");
    expect(placed(repo.dir, "vendor/lib/lib.js")?.root).toBe(".");
  });

  it("never waits on a FIFO where git keeps a file, and never follows what it cannot check", async () => {
    const repo = await governedRepo();
    const fake = path.join(repo.dir, "src/fake");
    mkdirSync(fake, { recursive: true });
    writeFileSync(path.join(fake, "HEAD"), "ref: refs/heads/main\n");
    execFileSync("mkfifo", [path.join(fake, "commondir")]);
    repo.write("src/.git", "gitdir: fake\n");
    expect(placed(repo.dir, "src/x.js")?.root).toBe(".");
    // A .git that is itself a FIFO, or a symlink to nowhere: not a work tree.
    execFileSync("mkfifo", [path.join(repo.dir, "docs.git")]);
    mkdirSync(path.join(repo.dir, "docs"));
    symlinkSync("../docs.git", path.join(repo.dir, "docs/.git"));
    expect(placed(repo.dir, "docs/x.md")?.root).toBe(".");
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
    expect(workTreeAt(path.join(dir, "x"))).toBeNull();
  });
});
