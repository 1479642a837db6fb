import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AllowedSigner,
  matchPatternList,
  parseAllowedSigners,
  signerValidityAt,
  sshFingerprint,
} from "../../src/core/judge/allowed-signers.js";
import { createScratchDir } from "../support/test-repo.js";

/** A real ed25519 public key (its blob names its type) and what ssh-keygen -lf prints for it. */
function makeKey(name = "key"): { publicKey: string; base64: string; fingerprint: string } {
  const file = path.join(createScratchDir(), name);
  const made = spawnSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", file]);
  expect(made.status, String(made.stderr)).toBe(0);
  const listed = spawnSync("ssh-keygen", ["-lf", `${file}.pub`], { encoding: "utf8" });
  expect(listed.status, listed.stderr).toBe(0);
  const [type = "", base64 = ""] = readFileSync(`${file}.pub`, "utf8").trim().split(" ");
  return {
    publicKey: `${type} ${base64}`,
    base64,
    fingerprint: listed.stdout.split(" ")[1] ?? "",
  };
}

const alice = makeKey("alice");
const bob = makeKey("bob");

/** 2020-01-01T00:00:00Z and 2030-01-01T00:00:00Z, in seconds. */
const y2020 = Date.UTC(2020, 0, 1) / 1000;
const y2030 = Date.UTC(2030, 0, 1) / 1000;

describe("sshFingerprint", () => {
  it("is ssh-keygen -lf's SHA256 fingerprint of the key", () => {
    expect(alice.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(sshFingerprint(alice.base64)).toBe(alice.fingerprint);
    expect(sshFingerprint(bob.base64)).toBe(bob.fingerprint);
  });
});

describe("parseAllowedSigners", () => {
  it("reads principals, options and the key, and skips blank lines and comments", () => {
    const text = [
      "# approvers",
      "",
      `alice@example.com ${alice.publicKey} alice's laptop`,
      `   "bob@example.com,b@example.com" namespaces="git,file",valid-after="20200101Z",valid-before="203001010000Z" ${bob.publicKey}`,
      `*@ops.example.com cert-authority ${alice.publicKey}`,
    ].join("\n");
    const entries = parseAllowedSigners(text);
    expect(entries).toEqual<AllowedSigner[]>([
      {
        line: 3,
        principals: "alice@example.com",
        certAuthority: false,
        namespaces: null,
        validAfter: null,
        validBefore: null,
        fingerprint: alice.fingerprint,
      },
      {
        line: 4,
        principals: "bob@example.com,b@example.com",
        certAuthority: false,
        namespaces: "git,file",
        validAfter: { written: "20200101Z", seconds: y2020 },
        validBefore: { written: "203001010000Z", seconds: y2030 },
        fingerprint: bob.fingerprint,
      },
      {
        line: 5,
        principals: "*@ops.example.com",
        certAuthority: true,
        namespaces: null,
        validAfter: null,
        validBefore: null,
        fingerprint: alice.fingerprint,
      },
    ]);
  });

  it("reads a quoted principal with a blank, a quoted option with a comma and a blank, and CRLF lines", () => {
    const [entry] = parseAllowedSigners(
      `"Alice Example" cert-authority,namespaces="file, git" ${alice.publicKey}\r\n`,
    );
    expect(entry).toMatchObject({
      principals: "Alice Example",
      certAuthority: true,
      namespaces: "file, git",
      fingerprint: alice.fingerprint,
    });
  });

  it("reads times to the second, with Z or UTC as UTC and without as the machine's local time", () => {
    const times = (value: string) =>
      parseAllowedSigners(`a valid-before="${value}" ${alice.publicKey}`)[0]?.validBefore?.seconds;
    expect(times("20300101000000Z")).toBe(y2030);
    expect(times("20300101000001z")).toBe(y2030 + 1);
    expect(times("203001010001UTC")).toBe(y2030 + 60);
    const zone = process.env.TZ;
    process.env.TZ = "Asia/Tokyo"; // UTC+9, no daylight saving time
    try {
      expect(times("20300101")).toBe(y2030 - 9 * 3600);
      expect(times("203001011230")).toBe(y2030 + 3.5 * 3600);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("skips the lines ssh-keygen refuses", () => {
    const refused = [
      `alice ${alice.publicKey.split(" ")[0]}`, // no key blob
      `alice unknown-option ${alice.publicKey}`,
      `alice valid-before=20300101 ${alice.publicKey}`, // unquoted value
      `alice valid-before="2030-01-01" ${alice.publicKey}`,
      `alice valid-before="20301301" ${alice.publicKey}`, // month 13
      `alice valid-before="20300101",valid-before="20310101" ${alice.publicKey}`,
      `alice valid-after="20300101",valid-before="20200101" ${alice.publicKey}`,
      `alice namespaces="git ${alice.publicKey}`, // unterminated quote
      `"alice ${alice.publicKey}`,
      `alice cert-authority, ${alice.publicKey}`,
      `alice ssh-ed25519 ${bob.base64.slice(0, 20)}`, // a blob of no key
      alice.publicKey, // no principals: its type is read as them, then no key follows
    ];
    for (const line of refused) expect(parseAllowedSigners(line), line).toEqual([]);
  });
});

describe("matchPatternList", () => {
  it("matches as ssh's match_pattern_list: wildcards, lists, negation", () => {
    expect(matchPatternList("alice@example.com", "alice@example.com")).toBe(1);
    expect(matchPatternList("alice@example.com", "bob@x,*@example.com")).toBe(1);
    expect(matchPatternList("alice@example.com", "alic?@example.*")).toBe(1);
    expect(matchPatternList("alice@example.com", "alice")).toBe(0);
    expect(matchPatternList("alice@example.com", "*@example.com,!alice@*")).toBe(-1);
    expect(matchPatternList("*@example.com", "*@example.com")).toBe(1);
    expect(matchPatternList("git", "file")).toBe(0);
  });
});

describe("signerValidityAt", () => {
  const now = Date.UTC(2026, 5, 1) / 1000;
  const aliceSig = { signer: "alice@example.com", key: alice.fingerprint };
  const at = (file: string, seconds = now, signature = aliceSig) =>
    signerValidityAt(parseAllowedSigners(file), signature, seconds);

  it("vouches for a key whose entry has no window, or whose window holds the instant", () => {
    expect(at(`alice@example.com ${alice.publicKey}`)).toEqual({ valid: true });
    expect(
      at(`alice@example.com valid-after="20200101Z",valid-before="20300101Z" ${alice.publicKey}`),
    ).toEqual({ valid: true });
  });

  it("says an entry expired, or is not valid yet, with the time that says so", () => {
    const expired = at(`alice@example.com valid-before="20200101Z" ${alice.publicKey}`);
    expect(expired).toMatchObject({
      valid: false,
      reason: "expired",
      time: { written: "20200101Z", seconds: y2020 },
      entry: { line: 1 },
    });
    const early = at(`alice@example.com valid-after="20300101Z" ${alice.publicKey}`);
    expect(early).toMatchObject({
      valid: false,
      reason: "not-yet-valid",
      time: { seconds: y2030 },
    });
    // The same entry, at the instant the signer chose as committer date: git's answer.
    expect(at(`alice@example.com valid-before="20200101Z" ${alice.publicKey}`, y2020 - 1)).toEqual({
      valid: true,
    });
  });

  it("counts any entry of the key for the principal, as ssh-keygen does", () => {
    const file = [
      `alice@example.com valid-before="20200101Z" ${alice.publicKey}`,
      `*@example.com valid-after="20250101Z" ${alice.publicKey}`,
    ].join("\n");
    expect(at(file)).toEqual({ valid: true });
  });

  it("finds no entry for another key, another principal, or a namespace other than git", () => {
    const noEntry = { valid: false, reason: "no-entry" };
    expect(at(`alice@example.com ${bob.publicKey}`)).toEqual(noEntry);
    expect(at(`bob@example.com ${alice.publicKey}`)).toEqual(noEntry);
    expect(at(`*@example.com,!alice@* ${alice.publicKey}`)).toEqual(noEntry);
    expect(at(`alice@example.com namespaces="file" ${alice.publicKey}`)).toEqual(noEntry);
    expect(at(`alice@example.com namespaces="file,git" ${alice.publicKey}`)).toEqual({
      valid: true,
    });
  });

  it("judges a certificate's key, which no entry names, by the certificate authorities' entries", () => {
    const certificate = { signer: "alice@example.com", key: "SHA256:certified" };
    expect(at(`alice@example.com cert-authority ${bob.publicKey}`, now, certificate)).toEqual({
      valid: true,
    });
    expect(
      at(
        `*@example.com cert-authority,valid-before="20200101Z" ${bob.publicKey}`,
        now,
        certificate,
      ),
    ).toMatchObject({ valid: false, reason: "expired" });
    // A plain key's own entries decide, whatever a CA's entry says.
    const plain = [
      `alice@example.com valid-before="20200101Z" ${alice.publicKey}`,
      `alice@example.com cert-authority ${bob.publicKey}`,
    ].join("\n");
    expect(at(plain)).toMatchObject({ valid: false, reason: "expired" });
  });
});
