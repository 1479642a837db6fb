import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/core/config/default-policy.js";
import { IntentsFile } from "../../src/core/config/intents-schema.js";
import { jsonSchemas } from "../../src/core/config/json-schemas.js";
import { parseConfig } from "../../src/core/config/parse-config.js";
import { Policy } from "../../src/core/config/policy-schema.js";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

describe("shipped configuration", () => {
  it("ships a default policy file equal to the built-in default", async () => {
    expect(
      await parseConfig("policies/intentguard.yaml", read("policies/intentguard.yaml"), Policy),
    ).toEqual({
      ok: true,
      value: defaultPolicy,
    });
  });

  it("ships JSON Schemas identical to what the zod schemas generate", () => {
    for (const [name, schema] of Object.entries(jsonSchemas())) {
      expect(JSON.parse(read(`schema/${name}`))).toEqual(schema);
    }
  });

  it("loads this repository's own intents, the first example a user reads", async () => {
    const parsed = await parseConfig(
      "active_intents.yaml",
      read(".orchestration/active_intents.yaml"),
      IntentsFile,
    );
    expect(parsed.ok).toBe(true);
    if (parsed.ok)
      expect(parsed.value.active_intents.map((intent) => intent.id)).toContain("INT-002");
  });

  it("loads the template that intentguard init writes", async () => {
    const template = read("templates/active_intents.yaml")
      .replaceAll("{{now}}", "2026-01-01T00:00:00Z")
      .replace("{{tooling_scope}}", '      - "package.json"\n      - ".husky"');
    const parsed = await parseConfig("template", template, IntentsFile);
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        active_intents: [
          { id: "INT-001", status: "IN_PROGRESS" },
          { id: "INT-002", status: "IN_PROGRESS", owned_scope: ["package.json", ".husky"] },
        ],
      },
    });
  });
});

describe("parseConfig", () => {
  it("locates an empty file and a list where a mapping belongs", async () => {
    expect(await parseConfig("f.yaml", "", IntentsFile)).toEqual({
      ok: false,
      problems: [
        { file: "f.yaml", field: "active_intents", message: "missing; expected a list of intents" },
      ],
    });
    expect(await parseConfig("f.yaml", "active_intents:\n  - just text\n", IntentsFile)).toEqual({
      ok: false,
      problems: [
        {
          file: "f.yaml",
          line: 2,
          column: 5,
          field: "active_intents[0]",
          message: 'got "just text"; expected object',
        },
      ],
    });
  });

  it("names the key a typo in the policy's paths section was meant to be", async () => {
    const parsed = await parseConfig(
      "p.yaml",
      'version: 1\npaths:\n  protect: ["infra/**"]\n',
      Policy,
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [
        {
          file: "p.yaml",
          line: 3,
          column: 3,
          field: "paths",
          message: 'unknown key "protect"; did you mean "protected"?',
        },
      ],
    });
    const pattern = await parseConfig(
      "p.yaml",
      'version: 1\npaths:\n  require_intent: ["../x"]\n',
      Policy,
    );
    expect(pattern).toMatchObject({
      ok: false,
      problems: [
        {
          field: "paths.require_intent[0]",
          message: expect.stringContaining('"../x" has a ".." segment'),
        },
      ],
    });
  });

  it("reports a duplicate key with its position", async () => {
    const parsed = await parseConfig("f.yaml", "version: 1\nversion: 1\n", Policy);
    expect(parsed).toMatchObject({ ok: false, problems: [{ file: "f.yaml", line: 2, column: 1 }] });
  });
});
