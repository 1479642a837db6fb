import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createScratchDir, createSelectedRepo } from "../support/test-repo.js";

/**
 * A probe preloaded into every Node the hooks start: it appends each package a module asks for
 * (not node: built-ins, not relative files) to the file named by LOADED_PACKAGES_FILE.
 */
const probe = `
const Module = require("node:module");
const { appendFileSync } = require("node:fs");
const load = Module._load;
Module._load = function (request, ...rest) {
  if (!request.startsWith("node:") && !request.startsWith(".") && !request.startsWith("/")) {
    appendFileSync(process.env.LOADED_PACKAGES_FILE, request + "\\n");
  }
  return load.call(this, request, ...rest);
};
`;

describe("what the hook loads on an ordinary commit", () => {
  it("loads neither zod nor yaml once the rules cache is warm: schemas load only when a note or rules file must be read", async () => {
    const repo = await createSelectedRepo();
    const scratch = createScratchDir();
    const probeFile = path.join(scratch, "probe.cjs");
    const loaded = path.join(scratch, "loaded.txt");
    writeFileSync(probeFile, probe);
    writeFileSync(loaded, "");
    const env = { NODE_OPTIONS: `--require ${probeFile}`, LOADED_PACKAGES_FILE: loaded };

    // The first commit compiles the rules (and may load both); the second reads the cache.
    repo.commitFile("src/auth/a.ts", "one\n", "First", { env });
    writeFileSync(loaded, "");
    const second = repo.commitFile("src/auth/a.ts", "two\n", "Second", { env });

    expect(repo.git("notes", "--ref=intentguard", "list", second).trim()).not.toBe("");
    const packages = new Set(readFileSync(loaded, "utf8").split("\n").filter(Boolean));
    expect(packages.has("zod")).toBe(false);
    expect(packages.has("yaml")).toBe(false);
  });
});
