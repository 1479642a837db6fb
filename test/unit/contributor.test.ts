import { describe, expect, it } from "vitest";
import { resolveContributor } from "../../src/core/trace/contributor.js";

const author = { authorName: "Ada", authorEmail: "ada@example.com" };

describe("resolveContributor", () => {
  it("prefers the Contributor-* trailers the commit carries", () => {
    const trailers = [
      { key: "Contributor-Type", value: "AI" },
      { key: "Contributor-Model", value: "anthropic/claude-sonnet-4-6" },
    ];
    expect(resolveContributor({ ...author, trailers }, { model: "other/model" })).toEqual({
      entity_type: "AI",
      model_identifier: "anthropic/claude-sonnet-4-6",
    });
  });

  it("takes the environment when the commit has no trailers, a model or agent implying AI", () => {
    expect(resolveContributor({ ...author, trailers: [] }, { agent: "agent-1" })).toEqual({
      entity_type: "AI",
      agent_id: "agent-1",
    });
    expect(
      resolveContributor({ ...author, trailers: [] }, { contributor: "human", model: "m" }),
    ).toEqual({ entity_type: "HUMAN" });
  });

  it("recognises AI co-authors, and falls back to the author as a person", () => {
    const coAuthored = [{ key: "Co-authored-by", value: "GitHub Copilot <copilot@github.com>" }];
    expect(resolveContributor({ ...author, trailers: coAuthored }, {})).toEqual({
      entity_type: "AI",
      model_identifier: "github/copilot",
    });
    const human = [{ key: "Co-authored-by", value: "Grace <grace@example.com>" }];
    expect(resolveContributor({ ...author, trailers: human }, {})).toEqual({
      entity_type: "HUMAN",
      name: "Ada",
      email: "ada@example.com",
    });
  });
});
