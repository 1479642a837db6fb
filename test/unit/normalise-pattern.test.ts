import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../src/core/scope/compile-pattern.js";
import { isPlainRepoPath, normalisePattern } from "../../src/core/scope/normalise-pattern.js";
import { patternMatcher } from "../../src/core/scope/pattern-matcher.js";

const segment = fc.stringMatching(/^[a-zA-Z0-9_-]{1,6}$/);
const plainPath = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join("/"));
const anyText = fc.string({ unit: "binary", maxLength: 30 });

describe("normalisePattern", () => {
  it.each([
    ["./src/auth/", "src/auth"],
    ["src//auth", "src/auth"],
    ["src/./auth/**", "src/auth/**"],
    ["././a", "a"],
    ["docs/", "docs"],
  ])("normalises %j to %j", (raw, expected) => {
    expect(normalisePattern(raw)).toEqual({ ok: true, pattern: expected });
  });

  it.each([
    ["", "is empty"],
    ["./", "is empty"],
    ["/etc", "is an absolute path"],
    ["C:/x", "is an absolute path"],
    ["src/../etc", 'has a ".." segment'],
    ["..", 'has a ".." segment'],
    ["src\\auth", "contains a backslash"],
    ["src/\u0007bell", "contains a control character"],
    ["!src", "is a negated glob"],
  ])("refuses %j", (raw, problem) => {
    const result = normalisePattern(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toBe(problem);
  });

  it("is idempotent: normalising a normalised pattern changes nothing", () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const once = normalisePattern(raw);
        if (!once.ok) return;
        expect(normalisePattern(once.pattern)).toEqual(once);
      }),
    );
  });

  it("never yields a pattern with an empty, . or .. segment, or a leading or trailing slash", () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const result = normalisePattern(raw);
        if (!result.ok) return;
        expect(
          result.pattern.split("/").every((part) => part !== "" && part !== "." && part !== ".."),
        ).toBe(true);
      }),
    );
  });
});

describe("pattern matching", () => {
  const matches = (pattern: string, path: string) => patternMatcher(compilePattern(pattern))(path);

  it("a name admits itself and what is below it, never a sibling sharing its prefix", () => {
    fc.assert(
      fc.property(
        plainPath,
        segment,
        fc.stringMatching(/^[a-z0-9]{1,4}$/),
        (dir, child, suffix) => {
          expect(matches(dir, dir)).toBe(true);
          expect(matches(dir, `${dir}/${child}`)).toBe(true);
          expect(matches(dir, `${dir}${suffix}`)).toBe(false);
        },
      ),
    );
  });

  it.each([
    ["src/*", "src/a.ts", true],
    ["src/*", "src/x/a.ts", false],
    ["src/**", "src/a.ts", true],
    ["src/**", "src/x/y/z.ts", true],
    ["src/**/*.ts", "src/a.ts", true],
    ["**/*.md", "README.md", true],
    ["**/*.md", "docs/deep/x.md", true],
    ["src/*.ts", "src/.hidden.ts", true],
    ["*.ts", "src/a.ts", false],
    ["src/{a,b}.ts", "src/b.ts", true],
    ["src/auth", "src/auth/login.ts", true],
    ["src/auth", "src/authz/login.ts", false],
    ["src/Auth", "src/auth/login.ts", false],
    ["app/[id]", "app/[id]/page.tsx", true],
    ["app/[id]/page.tsx", "app/i/page.tsx", true],
    ["src/*", "src/new\nline.ts", true],
  ])("%j on %j is %s", (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it("never calls a path with a .. segment plain", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(segment, fc.constant("..")), { minLength: 1, maxLength: 5 }),
        (parts) => {
          fc.pre(parts.includes(".."));
          expect(isPlainRepoPath(parts.join("/"))).toBe(false);
        },
      ),
    );
  });
});
