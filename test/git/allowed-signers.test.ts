import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readAllowedSigners } from "../../src/git/allowed-signers.js";
import { createRepo, useHermeticProcessEnv } from "../support/test-repo.js";

/** An ed25519 public key blob (its type, then 32 bytes of key): enough for the parser. */
const base64 = Buffer.concat([
  Buffer.from([0, 0, 0, 11]),
  Buffer.from("ssh-ed25519"),
  Buffer.from([0, 0, 0, 32]),
  Buffer.alloc(32, 7),
]).toString("base64");

describe("readAllowedSigners finds the file git verifies SSH signatures with", () => {
  it("reads none when gpg.ssh.allowedSignersFile is unset or names no file", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    expect(await readAllowedSigners(repo.dir)).toEqual([]);
    repo.git("config", "gpg.ssh.allowedSignersFile", "missing");
    expect(await readAllowedSigners(repo.dir)).toEqual([]);
  });

  it("expands ~/, and reads a relative path from the top of the work tree, as git does", async () => {
    const repo = await createRepo();
    useHermeticProcessEnv(repo);
    repo.write(".signers/allowed", `alice@example.com ssh-ed25519 ${base64}\n`);
    repo.git("config", "gpg.ssh.allowedSignersFile", ".signers/allowed");
    expect((await readAllowedSigners(repo.dir)).map((entry) => entry.principals)).toEqual([
      "alice@example.com",
    ]);
    const home = repo.env.HOME as string;
    mkdirSync(path.join(home, ".config"), { recursive: true });
    writeFileSync(path.join(home, ".config", "signers"), `bob@example.com ssh-ed25519 ${base64}\n`);
    repo.git("config", "gpg.ssh.allowedSignersFile", "~/.config/signers");
    expect((await readAllowedSigners(repo.dir)).map((entry) => entry.principals)).toEqual([
      "bob@example.com",
    ]);
  });
});
