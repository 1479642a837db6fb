import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  branchName,
  commitSha,
  optionalBranchName,
  optionalRef,
  readPayload,
} from "./payload-fields.js";

const a = "a".repeat(40);
const schema = z.object({
  first: z.object({ sha: commitSha, branch: optionalBranchName }),
  second: branchName,
  ref: optionalRef,
});

describe("readPayload", () => {
  it("keeps only the fields the schema names, a caught one null when unusable", () => {
    expect(
      readPayload(schema, {
        first: { sha: a, branch: "-x", more: 1 },
        second: "refs/heads/dev",
        ref: 3,
        extra: {},
      }),
    ).toEqual({ ok: true, value: { first: { sha: a, branch: null }, second: "dev", ref: null } });
  });

  it("names the first required field, in the schema's order, with what stands in its way", () => {
    expect(readPayload(schema, { second: "-x" })).toEqual({
      ok: false,
      problem: {
        kind: "bad-payload",
        field: "first.sha",
        problem: { kind: "no-parent", parent: "first", found: undefined },
      },
    });
    expect(readPayload(schema, { first: { sha: a }, second: "-x" })).toEqual({
      ok: false,
      problem: {
        kind: "bad-payload",
        field: "second",
        problem: { kind: "wrong-value", found: "-x", expected: "branch-name" },
      },
    });
  });

  it("is a bug, not a problem of the payload, when an object can fail with no required field", () => {
    const careless = z.object({ group: z.object({ ref: optionalRef }) });
    expect(() => readPayload(careless, {})).toThrow(
      "payload schema failed outside its required fields",
    );
  });
});
