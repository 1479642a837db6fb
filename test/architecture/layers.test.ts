import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../support/test-repo.js";

/**
 * The layers docs/development.md describes, held as tests: each rule lists the files
 * that break it, so a failure names the import to move.
 */
const src = path.join(projectRoot, "src");

interface SourceFile {
  /** Relative to src/, with forward slashes. */
  name: string;
  text: string;
  /** Every module it imports (static, dynamic and type-only): `node:fs`, `yaml`, or `git/exec.ts`. */
  imports: string[];
  /** The modules it imports code from: `imports` without those only named in `import type`. */
  valueImports: string[];
}

function sourceFiles(dir = src): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // A rule's unit test beside it is a test, not a module of its layer.
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) return [];
    const text = readFileSync(full, "utf8");
    const name = path.relative(src, full).split(path.sep).join("/");
    const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)"([^"]+)"/g)].map(
      (match) => match[1] ?? "",
    );
    const typeOnly = [...text.matchAll(/^import\s+type\s[^;]*?from\s+"([^"]+)";/gms)].map(
      (match) => match[1] ?? "",
    );
    const resolve = (specifier: string) =>
      specifier.startsWith(".")
        ? path
            .relative(src, path.resolve(path.dirname(full), specifier))
            .split(path.sep)
            .join("/")
            .replace(/\.js$/, ".ts")
        : specifier;
    const values = [...specifiers];
    for (const specifier of typeOnly) {
      const at = values.indexOf(specifier);
      if (at !== -1) values.splice(at, 1);
    }
    return [{ name, text, imports: specifiers.map(resolve), valueImports: values.map(resolve) }];
  });
}

const files = sourceFiles();
const inFolder = (folder: string) => (file: SourceFile) => file.name.startsWith(`${folder}/`);
const violations = (
  chosen: SourceFile[],
  bad: (specifier: string, file: SourceFile) => boolean,
): string[] =>
  chosen.flatMap((file) =>
    file.imports.filter((specifier) => bad(specifier, file)).map((i) => `${file.name} → ${i}`),
  );

/** The use cases (docs/development.md's layer table): they import core, git and the stores. */
const useCaseFolders = ["gate", "land", "ci", "trace", "install", "doctor", "governance", "agent"];

/** Node modules that read or write the world; pure computation (crypto, string_decoder) is fine. */
const ioModules =
  /^(node:)?(fs|fs\/promises|child_process|os|net|http|https|http2|dgram|cluster|readline|tty|worker_threads|process|dns)$/;

/**
 * A use case states an expected failure as a fact (core/failure/failure.ts), worded by
 * src/report/failure/failure-text.ts at the edge: a typed error thrown with a sentence is wording in
 * a use case.
 */
const wordedError = /new (IntentguardError|UsageError|RefusedError|ConfigError)\(\s*[`"']/g;

describe("the layers", () => {
  it("finds the source files", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((file) => file.name === "core/judge/judge-change.ts")).toBe(true);
  });

  it("src/core is pure: it imports only core, pure Node modules and pure libraries", () => {
    const core = files.filter(inFolder("core"));
    expect(
      violations(core, (specifier) =>
        specifier.startsWith("node:") || !specifier.includes("/") || specifier.startsWith("@")
          ? ioModules.test(specifier) || specifier === "chalk"
          : !specifier.startsWith("core/"),
      ),
    ).toEqual([]);
    expect(core.filter((file) => /\bprocess\./.test(file.text)).map((file) => file.name)).toEqual(
      [],
    );
  });

  it("use cases never import src/report: they return facts, and the edge words them", () => {
    const useCases = files.filter((file) =>
      useCaseFolders.some((folder) => inFolder(folder)(file)),
    );
    expect(useCases.length).toBeGreaterThan(20);
    expect(violations(useCases, (specifier) => specifier.startsWith("report/"))).toEqual([]);
  });

  it("src/report imports no use case's code, only its types (import type)", () => {
    const reports = files.filter(inFolder("report"));
    const intoUseCase = (specifier: string) =>
      useCaseFolders.some((folder) => specifier.startsWith(`${folder}/`));
    expect(reports.some((file) => file.imports.some(intoUseCase))).toBe(true); // types, as allowed
    const codeImports = reports.flatMap((file) =>
      file.valueImports.filter(intoUseCase).map((specifier) => `${file.name} → ${specifier}`),
    );
    expect(codeImports).toEqual([]);
  });

  it("no two modules import each other's code", () => {
    const importsOf = new Map(files.map((file) => [file.name, new Set(file.valueImports)]));
    const cycles = files.flatMap((file) =>
      file.valueImports
        .filter((other) => other > file.name && importsOf.get(other)?.has(file.name))
        .map((other) => `${file.name} ↔ ${other}`),
    );
    expect(cycles).toEqual([]);
  });

  it("src/report never imports src/git", () => {
    expect(
      violations(files.filter(inFolder("report")), (specifier) => specifier.startsWith("git/")),
    ).toEqual([]);
  });

  it("only src/git starts git: nothing else imports its runner or spawns git", () => {
    const outside = files.filter((file) => !inFolder("git")(file));
    expect(violations(outside, (specifier) => specifier === "git/exec.ts")).toEqual([]);
    const spawnsGit = /\b(spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*["'`]git\b/;
    expect(outside.filter((file) => spawnsGit.test(file.text)).map((file) => file.name)).toEqual(
      [],
    );
  });

  it("src/commands never imports src/cli (the CLI loads commands, not the other way)", () => {
    expect(
      violations(files.filter(inFolder("commands")), (specifier) => specifier.startsWith("cli/")),
    ).toEqual([]);
  });

  it("the environment is read in one place (and passed to the git processes by src/git)", () => {
    const readers = files
      .filter((file) => /\bprocess\.env\b/.test(file.text))
      .map((file) => file.name)
      .filter((name) => !name.startsWith("git/"));
    expect(readers).toEqual(["environment.ts"]);
  });

  it("use cases word no typed error themselves: they state failures as facts", () => {
    const worded = files
      .filter((file) => useCaseFolders.some((folder) => inFolder(folder)(file)))
      .flatMap((file) =>
        [...file.text.matchAll(wordedError)].map((match) => {
          const line = file.text.slice(0, match.index).split("\n").length;
          return `${file.name}:${line} ${match[1]}`;
        }),
      );
    expect(worded).toEqual([]);
  });

  it("core words nothing but what a schema says of invalid input: it returns facts", () => {
    // A string of four words or more outside comments and schema descriptions (`.meta({…})`):
    // wording. Core keeps it only where the text is the data or the schema's own answer:
    const wording = new Map([
      // the configuration's schemas and their parser: zod words every issue, ours beside its own
      ["core/config/intents-schema.ts", "schema"],
      ["core/config/policy-schema.ts", "schema"],
      ["core/config/json-schemas.ts", "schema"],
      ["core/config/parse-config.ts", "schema"],
      ["core/trace/record-schema.ts", "schema"],
      // a scope pattern's refusal and its fix, which the intents schema reports as its issue
      ["core/scope/glob.ts", "schema"],
      ["core/scope/normalise-pattern.ts", "schema"],
      // the reviewer's reasons, which the intents file and the ledger record as written
      ["core/scope/review-decision.ts", "recorded"],
      // internal errors: a bug, reported as one (exit 3), never to the user as advice
      ["core/scope/compile-pattern.ts", "bug"],
      ["core/check/ci-event/payload-fields.ts", "bug"],
    ]);
    const sentence =
      /(["`])(?:(?!\1)[^\n\\]|\\.)*?[A-Za-z]+ [a-z]+ [a-z]+ [a-z]+(?:(?!\1)[^\n\\]|\\.)*?\1/;
    const worded = files
      .filter(inFolder("core"))
      .filter((file) =>
        sentence.test(
          file.text
            .replace(/\/\*[\s\S]*?\*\//g, "")
            .replace(/^\s*\/\/.*$/gm, "")
            .replace(/\.meta\(\{[\s\S]*?\}\)/g, ""),
        ),
      )
      .map((file) => file.name)
      .sort();
    expect(worded).toEqual([...wording.keys()].sort());
  });

  it("the time is read in one place (src/clock.ts), and handed to the use cases as a Clock", () => {
    const readsTime =
      /\bDate\.now\(|\bnew Date\(\)|\bperformance\.now\(|\bprocess\.hrtime\b|\b(setTimeout|setInterval)\(|timers\/promises/;
    expect(files.filter((file) => readsTime.test(file.text)).map((file) => file.name)).toEqual([
      "clock.ts",
    ]);
  });

  it("exit codes are decided at the edge: neither core nor the use cases import them", () => {
    const inner = files.filter(
      (file) => inFolder("core")(file) || inFolder("report")(file) || inFolder("git")(file),
    );
    expect(inner.filter((file) => /\bExitCode\b/.test(file.text)).map((file) => file.name)).toEqual(
      [],
    );
  });
});
