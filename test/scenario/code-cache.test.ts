import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createScratchDir,
  createSelectedRepo,
  projectRoot,
  type TestRepo,
} from "../support/test-repo.js";

const dist = path.join(projectRoot, "dist");
const bundle = "command-intent-list.cjs";

/** The cache file loadBundle keeps for a bundle: named by the sha256 the build recorded. */
function cacheFileOf(cacheHome: string, name: string): string {
  const hashes = JSON.parse(readFileSync(path.join(dist, "bundles.json"), "utf8"));
  const folder = `${process.version}-${process.arch}`;
  return path.join(cacheHome, "intentguard", folder, hashes[name]);
}

/**
 * The bundle's source with one constant its top-level code sets changed, same length: V8 compiles
 * functions lazily, so data made from a source carries the top level's code, not that of a
 * function no one has called yet.
 */
const definition = 'var intentsFilePath=".orchestration/active_intents.yaml"';
function forgedSource(source: string): string {
  expect(source.split(definition)).toHaveLength(2);
  return source.replace(definition, definition.replace("intents.yaml", "intentx.yaml"));
}

/**
 * `intent list` with the code cache on: no coverage, which turns it off (empty, not unset: Node
 * hands its own NODE_V8_COVERAGE to every child whose environment lacks the name), and a cache
 * home of its own.
 */
function listIntents(repo: TestRepo, cacheHome: string) {
  return repo.intentguard(["intent", "list"], {
    env: { NODE_V8_COVERAGE: "", XDG_CACHE_HOME: cacheHome },
  });
}

/**
 * V8's data for `forged` as our loader compiles it, made by a Node with no flags (V8 refuses data
 * made under other flags, which would prove nothing); and whether V8 accepts that data for
 * `source` — it checks only the length.
 */
function v8DataFor(forged: string, source: string, scratch: string) {
  const forgedFile = path.join(scratch, "forged.js");
  const sourceFile = path.join(scratch, "source.js");
  const dataFile = path.join(scratch, "data.bin");
  writeFileSync(forgedFile, forged);
  writeFileSync(sourceFile, source);
  const script = `const { readFileSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const vm = require("node:vm");
const filename = ${JSON.stringify(path.join(dist, bundle))};
const wrapped = (file) => Module.wrap(readFileSync(file, "utf8"));
const data = new vm.Script(wrapped(${JSON.stringify(forgedFile)}), { filename }).createCachedData();
writeFileSync(${JSON.stringify(dataFile)}, data);
const reused = new vm.Script(wrapped(${JSON.stringify(sourceFile)}), { filename, cachedData: data });
process.stdout.write(String(!reused.cachedDataRejected));`;
  const made = spawnSync(process.execPath, ["-e", script], {
    env: { PATH: process.env.PATH },
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);
  return { data: readFileSync(dataFile), acceptedForSource: made.stdout === "true" };
}

describe("the code cache of the CLI's bundles", () => {
  it("is written once by the first run, then used as it is; off under INTENTGUARD_CODE_CACHE=0", async () => {
    const repo = await createSelectedRepo();
    const cacheHome = createScratchDir();
    const plain = repo.intentguard(["intent", "list"], {
      env: { INTENTGUARD_CODE_CACHE: "0", XDG_CACHE_HOME: cacheHome },
    });
    expect(plain.status).toBe(0);
    expect(existsSync(path.join(cacheHome, "intentguard"))).toBe(false);

    const first = listIntents(repo, cacheHome);
    expect(first).toEqual({ status: 0, stdout: plain.stdout, stderr: "" });
    const cache = cacheFileOf(cacheHome, bundle);
    const written = readFileSync(cache);
    const source = readFileSync(path.join(dist, bundle));
    // [the source's length, 4 bytes little-endian][the source][V8's data]
    expect(written.readUInt32LE(0)).toBe(source.length);
    expect(written.subarray(4, 4 + source.length).equals(source)).toBe(true);
    expect(written.length).toBeGreaterThan(4 + source.length);
    const { mtimeMs } = statSync(cache);

    const second = listIntents(repo, cacheHome);
    expect(second).toEqual(first);
    expect(statSync(cache).mtimeMs).toBe(mtimeMs);
    expect(readFileSync(cache).equals(written)).toBe(true);
    // No temporary file left behind.
    expect(readdirSync(path.dirname(cache)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("never runs code compiled from another source, even of the same length", async () => {
    const repo = await createSelectedRepo();
    const cacheHome = createScratchDir();
    const expected = listIntents(repo, createScratchDir());
    expect(expected.stdout).toContain("INT-001");
    // A cache entry made from the bundle with one constant changed, same length: V8 itself checks
    // only the length, so a loader that trusted it would look for active_intentx.yaml.
    const source = readFileSync(path.join(dist, bundle), "utf8");
    const forged = forgedSource(source);
    const { data, acceptedForSource } = v8DataFor(forged, source, createScratchDir());
    expect(acceptedForSource).toBe(true);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(Buffer.byteLength(forged));
    const cache = cacheFileOf(cacheHome, bundle);
    listIntents(repo, cacheHome); // creates the folder
    writeFileSync(cache, Buffer.concat([length, Buffer.from(forged), data]));

    const run = listIntents(repo, cacheHome);
    expect(run).toEqual(expected);
    // The stale entry was replaced by the bundle's own.
    const replaced = readFileSync(cache);
    expect(replaced.subarray(4, 4 + Buffer.byteLength(source)).toString("utf8")).toBe(source);
  });

  it("runs V8's data only from a file of this user's that nobody else may write", async () => {
    const repo = await createSelectedRepo();
    const cacheHome = createScratchDir();
    const expected = listIntents(repo, cacheHome);
    // The bundle's own source, with V8's data compiled from another of the same length: what
    // whoever can write the cache file could plant. V8 runs that data over our source.
    const source = readFileSync(path.join(dist, bundle), "utf8");
    const { data, acceptedForSource } = v8DataFor(forgedSource(source), source, createScratchDir());
    expect(acceptedForSource).toBe(true);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(Buffer.byteLength(source));
    const cache = cacheFileOf(cacheHome, bundle);
    const planted = Buffer.concat([length, Buffer.from(source), data]);

    writeFileSync(cache, planted);
    chmodSync(cache, 0o666);
    expect(listIntents(repo, cacheHome)).toEqual(expected);
    expect(statSync(cache).mode & 0o777).toBe(0o600); // replaced by our own

    // The same file, ours alone: used as it is (so the check above is what kept it out).
    writeFileSync(cache, planted);
    chmodSync(cache, 0o600);
    const poisoned = listIntents(repo, cacheHome);
    // The planted code looks for active_intentx.yaml, which is not there; the entry words the
    // failure with its own (unplanted) name of the file.
    expect(poisoned.status).toBe(2);
    expect(poisoned.stderr).toContain("There is no .orchestration/active_intents.yaml");
    expect(expected.status).toBe(0);
  });

  it("loads plainly from a cache that is cut short, garbage, or cannot be written", async () => {
    const repo = await createSelectedRepo();
    const cacheHome = createScratchDir();
    const expected = listIntents(repo, cacheHome);
    const cache = cacheFileOf(cacheHome, bundle);
    const whole = readFileSync(cache);

    writeFileSync(cache, whole.subarray(0, 100));
    expect(listIntents(repo, cacheHome)).toEqual(expected);
    const source = readFileSync(path.join(dist, bundle));
    writeFileSync(
      cache,
      Buffer.concat([whole.subarray(0, 4 + source.length), Buffer.from("not V8's data")]),
    );
    expect(listIntents(repo, cacheHome)).toEqual(expected);
    // Rejected by V8, then written anew: the source, and V8's data in place of the garbage.
    const rewritten = readFileSync(cache);
    expect(
      rewritten.subarray(0, 4 + source.length).equals(whole.subarray(0, 4 + source.length)),
    ).toBe(true);
    expect(rewritten.subarray(4 + source.length).toString("latin1")).not.toBe("not V8's data");
    expect(rewritten.length).toBeGreaterThan(4 + source.length + 1000);

    // A cache home that cannot hold a folder (a file in its place; or read-only, or a sandboxed
    // agent's): no error, no cache.
    const notFolder = path.join(createScratchDir(), "cache");
    writeFileSync(notFolder, "a file\n");
    expect(listIntents(repo, notFolder)).toEqual(expected);
    expect(readFileSync(notFolder, "utf8")).toBe("a file\n");
  });
});
