import { describe, expect, it } from "vitest";
import { resolveIntentRequest } from "../../src/core/intent/intent-request.js";

describe("resolveIntentRequest", () => {
  it("takes the first declared of flag, environment, trailer, selection", () => {
    const all = { flag: "F-1", env: "E-1", trailers: [], selection: "S-1" };
    expect(resolveIntentRequest(all)).toEqual({ request: { id: "F-1", source: "flag" } });
    expect(resolveIntentRequest({ ...all, flag: undefined })).toEqual({
      request: { id: "E-1", source: "env" },
    });
    expect(resolveIntentRequest({ trailers: ["T-1"], selection: "S-1" })).toEqual({
      request: { id: "T-1", source: "trailer" },
    });
    expect(resolveIntentRequest({ selection: "S-1" })).toEqual({
      request: { id: "S-1", source: "selection" },
    });
    expect(resolveIntentRequest({ env: "  ", selection: "" })).toEqual({ request: null });
  });

  it("accepts a trailer that repeats the explicit intent", () => {
    expect(resolveIntentRequest({ env: "E-1", trailers: ["E-1"] })).toEqual({
      request: { id: "E-1", source: "env" },
    });
  });

  it("reports a trailer that contradicts the flag or the environment", () => {
    const resolved = resolveIntentRequest({ env: "E-1", trailers: ["T-1"] });
    expect(resolved).toMatchObject({
      conflict: { kind: "trailer-contradicts", source: "env", declared: "E-1", trailer: "T-1" },
    });
  });

  it("reports a message declaring two intents", () => {
    expect(resolveIntentRequest({ trailers: ["A-1", "B-2", "A-1"] })).toMatchObject({
      conflict: { kind: "several-trailers", intents: ["A-1", "B-2"] },
    });
  });
});
