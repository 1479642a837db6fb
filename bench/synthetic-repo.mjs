// Builds synthetic repositories for the benchmarks with git fast-import: one git process writes
// every blob and commit, so a 100,000-file repository takes seconds, not minutes. Contents come
// from a seeded generator: the same arguments always give the same repository.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A tiny seeded PRNG (mulberry32): reproducible file contents across runs and machines. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** git with no user or system configuration and a fixed identity. */
export function benchEnv(home) {
  mkdirSync(home, { recursive: true });
  const config = path.join(home, ".gitconfig");
  writeFileSync(config, "[init]\n\tdefaultBranch = main\n");
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(GIT_|INTENTGUARD)/.test(key)),
  );
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: config,
    GIT_AUTHOR_NAME: "Bench",
    GIT_AUTHOR_EMAIL: "bench@example.com",
    GIT_COMMITTER_NAME: "Bench",
    GIT_COMMITTER_EMAIL: "bench@example.com",
    NO_COLOR: "1",
  };
}

export function git(dir, env, args, input) {
  const result = spawnSync("git", args, {
    cwd: dir,
    env,
    input,
    maxBuffer: 1 << 30,
    encoding: "buffer",
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.toString("utf8");
}

export const intentsYaml = `active_intents:
  - id: "INT-001"
    name: "Benchmark work"
    status: "IN_PROGRESS"
    owned_scope: ["src"]
`;

export function filePath(index) {
  return `src/d${index % 100}/s${Math.floor(index / 100) % 10}/f${index}.ts`;
}

/**
 * A repository whose `main` has `files` files under src/ plus the intents file, and branches
 * that each change the first `n` files for every n in `changes` (`change-<n>`).
 */
export function buildRepository(dir, env, { files, changes, seed = 42 }) {
  const random = seededRandom(seed);
  mkdirSync(dir, { recursive: true });
  git(dir, env, ["init", "-q"]);
  const chunks = [];
  const commit = (ref, message, lines, from) => {
    chunks.push(
      Buffer.from(
        `commit ${ref}\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata ${message.length}\n${message}\n${from ? `from ${from}\n` : ""}${lines.join("\n")}\n\n`,
      ),
    );
  };
  const inline = (file, content) => {
    const data = Buffer.from(content);
    return `M 100644 inline ${file}\ndata ${data.length}\n${content}`;
  };
  const lines = [inline(".orchestration/active_intents.yaml", intentsYaml)];
  for (let index = 0; index < files; index++) {
    lines.push(
      inline(filePath(index), `export const value${index} = ${Math.floor(random() * 1e9)};\n`),
    );
  }
  commit("refs/heads/main", "base", lines);
  for (const count of changes) {
    const changed = [];
    for (let index = 0; index < count; index++) {
      changed.push(
        inline(
          filePath(index),
          `export const value${index} = ${Math.floor(random() * 1e9)}; // changed\n`,
        ),
      );
    }
    commit(`refs/heads/change-${count}`, `change ${count}`, changed, "refs/heads/main");
  }
  git(dir, env, ["fast-import", "--quiet"], Buffer.concat(chunks));
}

/**
 * A branch (`topic` by default) of `commits` commits on top of main, each changing
 * `filesPerCommit` files and carrying `Intent: INT-001` (`first`: where in the sequence of edits
 * it starts, so two branches can change different files); returns its tip. Built with fast-import,
 * like the repositories.
 */
export function buildTopic(
  dir,
  env,
  { commits, files, filesPerCommit = 1, branch = "topic", seed = 7, first = 0 },
) {
  const random = seededRandom(seed);
  const chunks = [];
  for (let index = first; index < first + commits; index++) {
    const message = `${branch} ${index}\n\nIntent: INT-001\n`;
    let changes = "";
    for (let slot = 0; slot < filesPerCommit; slot++) {
      const file = filePath((index * 7919 + slot * 104729) % files);
      const content = `export const topic${index}_${slot} = ${Math.floor(random() * 1e9)};\n`;
      changes += `M 100644 inline ${file}\ndata ${Buffer.byteLength(content)}\n${content}\n`;
    }
    chunks.push(
      Buffer.from(
        `commit refs/heads/${branch}\ncommitter Bench <bench@example.com> ${1700000100 + index} +0000\ndata ${Buffer.byteLength(message)}\n${message}\n${index === first ? "from refs/heads/main\n" : ""}${changes}`,
      ),
    );
  }
  git(dir, env, ["fast-import", "--quiet"], Buffer.concat(chunks));
  return git(dir, env, ["rev-parse", branch]).trim();
}

/**
 * Traces the commits from..to as the reference-transaction hook would when they land, a
 * thousand per hook run (what a series of pushes or rebases leaves), without moving a branch;
 * with `cli`, that build's hook.
 */
export function traceHistory(
  dir,
  env,
  from,
  to,
  cli = path.join(path.dirname(path.dirname(new URL(import.meta.url).pathname)), "dist", "cli.cjs"),
) {
  // Each line: a commit and its parents, oldest first, as the shim hands them over.
  const commits = git(dir, env, [
    "rev-list",
    "--topo-order",
    "--reverse",
    "--parents",
    `${from}..${to}`,
  ])
    .trim()
    .split("\n");
  for (let start = 0; start < commits.length; start += 1000) {
    const batch = commits.slice(start, start + 1000);
    const old =
      start === 0 ? git(dir, env, ["rev-parse", from]).trim() : commits[start - 1].slice(0, 40);
    const tip = batch.at(-1).slice(0, 40);
    const input = `${old} ${tip} refs/heads/traced\n--\nref refs/heads/traced ${old}\n${batch.join("\n")}\n`;
    const result = spawnSync(process.execPath, [cli, "hook", "reference-transaction", "prepared"], {
      cwd: dir,
      env,
      input,
    });
    if (result.status !== 0) throw new Error(`tracing ${start}: ${result.stderr}`);
  }
  // The update "commits": the records stay (what the shim's committed state does).
  const pending = path.join(dir, ".git", "intentguard", "pending-trace");
  if (existsSync(pending)) writeFileSync(pending, "");
}

/**
 * A branch of `commits` commits on top of main that edits lines of the same files, for blame and
 * stats: the first commit adds `files` files of `lines` lines each under `dir` (src/ by default);
 * every later one rewrites `linesPerCommit` lines (chosen by the seeded generator) in each of
 * `filesPerCommit` files, so each file's blame names many commits. Every commit carries
 * `Intent: INT-001`. Built with one fast-import; returns the branch's tip.
 */
export function buildEditHistory(
  dir,
  env,
  {
    branch,
    files,
    lines,
    commits,
    filesPerCommit = 1,
    linesPerCommit = 5,
    folder = "src/edited",
    seed = 11,
  },
) {
  const random = seededRandom(seed);
  const pick = (n) => Math.floor(random() * n);
  const names = Array.from({ length: files }, (_, index) => `${folder}/file${index}.ts`);
  const contents = names.map((_, file) =>
    Array.from({ length: lines }, (_, line) => `export const v${file}_${line} = ${pick(1e6)};`),
  );
  const chunks = [];
  const blob = (file) => {
    const content = `${contents[file].join("\n")}\n`;
    return `M 100644 inline ${names[file]}\ndata ${Buffer.byteLength(content)}\n${content}\n`;
  };
  for (let index = 0; index < commits; index++) {
    const message = `${branch} ${index}\n\nIntent: INT-001\n`;
    let changes = "";
    if (index === 0) {
      for (let file = 0; file < files; file++) changes += blob(file);
    } else {
      const chosen = new Set();
      while (chosen.size < Math.min(filesPerCommit, files)) chosen.add(pick(files));
      for (const file of chosen) {
        for (let edit = 0; edit < linesPerCommit; edit++) {
          const line = pick(lines);
          contents[file][line] = `export const v${file}_${line} = ${pick(1e6)}; // ${index}`;
        }
        changes += blob(file);
      }
    }
    chunks.push(
      Buffer.from(
        `commit refs/heads/${branch}\ncommitter Bench <bench@example.com> ${1700000100 + index} +0000\ndata ${Buffer.byteLength(message)}\n${message}\n${index === 0 ? "from refs/heads/main\n" : ""}${changes}`,
      ),
    );
  }
  git(dir, env, ["fast-import", "--quiet"], Buffer.concat(chunks));
  return git(dir, env, ["rev-parse", branch]).trim();
}

/**
 * A new repository at `dir` with a history shaped like a real project's, for blame: a branch of
 * `commits` commits where every commit adds `entryLines` lines at the top of one long file (a changelog:
 * `lines` lines at the tip) and rewrites a line or two further down, and also rewrites 3 lines of
 * each of 20–50 of `otherFiles` other files (60 lines each) — so every commit's record holds
 * dozens of files and ranges, as real commits' do. The first commit is the project before
 * adoption (no intents file, no trailers, left untraced: its lines are unattributed, never
 * content-matched); the second adopts. Every later commit carries `Intent: INT-001`;
 * every third one the Contributor-* trailers prepare-commit-msg writes for an agent run with
 * INTENTGUARD_MODEL and INTENTGUARD_AGENT set. Built with one fast-import; returns the branch's
 * tip and the long file's path.
 */
export function buildRealShapedHistory(
  dir,
  env,
  { branch = "real", lines = 3000, commits = 200, otherFiles = 400, seed = 23 },
) {
  mkdirSync(dir, { recursive: true });
  git(dir, env, ["init", "-q"]);
  const random = seededRandom(seed);
  const pick = (n) => Math.floor(random() * n);
  const word = () => `w${pick(1e6).toString(36)}`;
  const sentence = (n) => Array.from({ length: n }, word).join(" ");
  const entryLines = Math.max(1, Math.floor((lines * 2) / 3 / commits));
  const longPath = "src/CHANGELOG.md";
  const long = Array.from(
    { length: lines - entryLines * (commits - 1) },
    (_, line) => `- ${sentence(6)} (#${line})`,
  );
  const names = Array.from(
    { length: otherFiles },
    (_, index) => `src/m${index % 20}/part${index}.ts`,
  );
  const others = names.map((_, file) =>
    Array.from({ length: 60 }, (_, line) => `export const p${file}_${line} = "${sentence(3)}";`),
  );
  const blob = (name, content) => {
    const text = `${content.join("\n")}\n`;
    return `M 100644 inline ${name}\ndata ${Buffer.byteLength(text)}\n${text}\n`;
  };
  const chunks = [];
  for (let index = 0; index < commits; index++) {
    const ai = index % 3 === 2;
    const trailers = ai
      ? "Contributor-Type: AI\nContributor-Model: anthropic/claude-sonnet-4-6\nContributor-Agent: bench-agent\n"
      : "";
    // The first commit is the project as it was before adoption: a root without the intents
    // file, no trailers, left untraced; the second adopts (adds the intents file) with its work.
    const message =
      index === 0
        ? `${branch}: import\n`
        : `${branch} ${index}: ${sentence(4)}\n\nIntent: INT-001\n${trailers}`;
    let changes = "";
    if (index === 0) {
      changes += blob(longPath, long);
      for (let file = 0; file < otherFiles; file++) changes += blob(names[file], others[file]);
    } else {
      if (index === 1)
        changes += blob(".orchestration/active_intents.yaml", intentsYaml.trimEnd().split("\n"));
      const entry = [
        `## ${index}`,
        ...Array.from({ length: entryLines - 1 }, () => `- ${sentence(7)}`),
      ];
      long.unshift(...entry);
      for (let edit = 0; edit < 2; edit++) {
        const line = entryLines + pick(long.length - entryLines);
        long[line] = `- ${sentence(6)} (edited in ${index})`;
      }
      changes += blob(longPath, long);
      const chosen = new Set();
      const count = 20 + pick(31);
      while (chosen.size < count) chosen.add(pick(otherFiles));
      for (const file of chosen) {
        for (const line of [pick(20), 20 + pick(20), 40 + pick(20)]) {
          others[file][line] = `export const p${file}_${line} = "${sentence(3)}"; // ${index}`;
        }
        changes += blob(names[file], others[file]);
      }
    }
    chunks.push(
      Buffer.from(
        `commit refs/heads/${branch}\ncommitter Bench <bench@example.com> ${1700000100 + index} +0000\ndata ${Buffer.byteLength(message)}\n${message}\n${changes}`,
      ),
    );
  }
  git(dir, env, ["fast-import", "--quiet"], Buffer.concat(chunks));
  return { tip: git(dir, env, ["rev-parse", branch]).trim(), file: longPath };
}

/**
 * A new repository at `dir` shaped like an open-source project's recent history, for the range
 * check CI runs on a push: `main` holds `files` source files whose sizes follow a long tail (most
 * 20–200 lines, one in twenty 1,000–4,000), and a branch (`project`) of `commits` commits on top
 * that each edit 1–6 files in a few small hunks, with the occasional rename (with an edit), new
 * file, deletion, wide refactor (30 files) and merge of a two-commit side branch — the mix of
 * tj/commander.js's last 200 commits (the issue's measurement), not its code. Every commit
 * carries `Intent: INT-001`. Built with one fast-import; returns the range `main..project`.
 */
export function buildProjectHistory(dir, env, { files = 600, commits = 200, seed = 31 }) {
  mkdirSync(dir, { recursive: true });
  git(dir, env, ["init", "-q"]);
  const random = seededRandom(seed);
  const pick = (n) => Math.floor(random() * n);
  const word = () => `w${pick(1e6).toString(36)}`;
  const line = () =>
    `${"  ".repeat(pick(4))}const ${word()} = ${word()}(${word()}, ${pick(1000)}); // ${word()}`;
  const size = () => (random() < 0.05 ? 1000 + pick(3000) : 20 + pick(180));
  const contents = new Map();
  for (let index = 0; index < files; index++) {
    contents.set(`src/lib${index % 12}/module${index}.js`, Array.from({ length: size() }, line));
  }
  const blob = (name) => {
    const text = `${contents.get(name).join("\n")}\n`;
    return `M 100644 inline ${name}\ndata ${Buffer.byteLength(text)}\n${text}\n`;
  };
  const edit = (name) => {
    const lines = contents.get(name);
    for (let hunk = 1 + pick(3); hunk > 0; hunk--) {
      const at = pick(lines.length);
      const removed = pick(4);
      lines.splice(at, removed, ...Array.from({ length: pick(8) }, line));
    }
    if (lines.length === 0) lines.push(line());
    return blob(name);
  };
  const anyFile = () => {
    const names = [...contents.keys()];
    return names[pick(names.length)];
  };
  let time = 1700000000;
  const chunks = [];
  const commit = (ref, message, changes, from, merge) => {
    time += 1;
    chunks.push(
      Buffer.from(
        `commit ${ref}\ncommitter Bench <bench@example.com> ${time} +0000\ndata ${Buffer.byteLength(message)}\n${message}\n${from ? `from ${from}\n` : ""}${merge ? `merge ${merge}\n` : ""}${changes}`,
      ),
    );
  };
  commit(
    "refs/heads/main",
    "project as it was\n",
    `M 100644 inline .orchestration/active_intents.yaml\ndata ${Buffer.byteLength(intentsYaml)}\n${intentsYaml}\n` +
      [...contents.keys()].map(blob).join(""),
  );
  const message = (index) => `${word()} ${word()} ${index}\n\nIntent: INT-001\n`;
  let made = 0;
  let from = "refs/heads/main";
  while (made < commits) {
    made += 1;
    let changes = "";
    const roll =
      made % 40 === 0
        ? "refactor"
        : made % 12 === 0
          ? "rename"
          : made % 15 === 0
            ? "add"
            : made % 25 === 0
              ? "delete"
              : made % 10 === 0
                ? "merge"
                : "edit";
    if (roll === "refactor") {
      for (let n = 0; n < 30; n++) changes += edit(anyFile());
    } else if (roll === "rename") {
      const old = anyFile();
      const renamed = old.replace(/module(\d+)/, "renamed$1");
      contents.set(renamed, contents.get(old));
      contents.delete(old);
      changes += `D ${old}\n${edit(renamed)}`;
    } else if (roll === "add") {
      const name = `src/lib${pick(12)}/added${made}.js`;
      contents.set(name, Array.from({ length: size() }, line));
      changes += blob(name);
    } else if (roll === "delete") {
      const gone = anyFile();
      contents.delete(gone);
      changes += `D ${gone}\n`;
    } else {
      for (let n = 1 + Math.min(5, Math.floor(-Math.log(1 - random()) * 1.2)); n > 0; n--) {
        changes += edit(anyFile());
      }
    }
    if (roll === "merge" && made + 2 < commits) {
      // A two-commit side branch from the tip, then the merge that brings it: its tree is the
      // tip's with the side's files (contents holds every file as last written).
      const [first, second] = [anyFile(), anyFile()];
      commit("refs/heads/side", message(made), edit(first), "refs/heads/project");
      commit("refs/heads/side", message(made + 1), edit(second));
      made += 2;
      commit(
        "refs/heads/project",
        message(made),
        blob(first) + blob(second),
        undefined,
        "refs/heads/side",
      );
    } else {
      commit("refs/heads/project", message(made), changes, from);
    }
    from = undefined;
  }
  git(dir, env, ["fast-import", "--quiet"], Buffer.concat(chunks));
  git(dir, env, ["branch", "-q", "-D", "side"]);
  return "main..project";
}
