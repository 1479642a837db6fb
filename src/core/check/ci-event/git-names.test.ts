import { describe, expect, it } from "vitest";
import { branchFromRef, isBranchName, isSha, isZeroSha } from "./git-names.js";

describe("isSha and isZeroSha", () => {
  it("accepts full lower-case SHA-1 and SHA-256 names only", () => {
    expect(isSha("a".repeat(40))).toBe(true);
    expect(isSha("0123456789abcdef".repeat(4))).toBe(true);
    for (const forged of [
      "A".repeat(40),
      "a".repeat(39),
      "a".repeat(41),
      "a".repeat(63),
      "g".repeat(40),
      `${"a".repeat(40)}\n`,
      `-${"a".repeat(39)}`,
      `${"a".repeat(19)}..${"b".repeat(19)}`,
      "HEAD",
      "",
    ]) {
      expect(isSha(forged), forged).toBe(false);
    }
  });

  it("knows the all-zeros SHA of both lengths", () => {
    expect(isZeroSha("0".repeat(40))).toBe(true);
    expect(isZeroSha("0".repeat(64))).toBe(true);
    expect(isZeroSha("0".repeat(39))).toBe(false);
    expect(isZeroSha(`${"0".repeat(39)}1`)).toBe(false);
  });
});

describe("isBranchName", () => {
  it("accepts the names git check-ref-format accepts", () => {
    for (const name of ["main", "feature/x", "release-1.2", "a.b", "ü", "x@y"]) {
      expect(isBranchName(name), name).toBe(true);
    }
  });

  it("refuses option-like, traversing and malformed names", () => {
    for (const name of [
      "",
      "@",
      "-x",
      "--upload-pack=evil",
      "a..b",
      "../x",
      "a b",
      "a\tb",
      "a\u0000b",
      "a\u007fb",
      "a~1",
      "a^",
      "a:b",
      "a?",
      "a*",
      "a[b",
      "a\\b",
      "a@{1}",
      "a//b",
      "/a",
      "a/",
      "a.",
      ".a",
      "x/.a",
      "a.lock",
      "x/a.lock/y",
    ]) {
      expect(isBranchName(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe("branchFromRef", () => {
  it("strips refs/heads/ and leaves a bare name or another ref as it is", () => {
    expect(branchFromRef("refs/heads/main")).toBe("main");
    expect(branchFromRef("main")).toBe("main");
    expect(branchFromRef("refs/tags/v1")).toBe("refs/tags/v1");
    expect(branchFromRef("refs/heads/")).toBe("");
  });
});
