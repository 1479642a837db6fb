import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Every property path of a JSON Schema that has no description of its own. */
function undescribed(node: unknown, path = ""): string[] {
  if (node === null || typeof node !== "object") return [];
  const schema = node as Record<string, unknown>;
  const missing: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property.description !== "string") missing.push(`${path}.${name}`);
    missing.push(...undescribed(property, `${path}.${name}`));
  }
  for (const key of ["items", "anyOf", "oneOf", "allOf"]) {
    const sub = schema[key];
    for (const item of Array.isArray(sub) ? sub : sub ? [sub] : []) {
      missing.push(...undescribed(item, `${path}[${key}]`));
    }
  }
  return missing;
}

describe("the shipped trace-record JSON Schemas", () => {
  for (const file of ["trace-record.schema.json", "trace-record-v1.schema.json"]) {
    it(`${file} says what every field means`, () => {
      const schema = JSON.parse(
        readFileSync(new URL(`../../schema/${file}`, import.meta.url), "utf8"),
      ) as { properties: Record<string, unknown> };
      expect(Object.keys(schema.properties).length).toBeGreaterThanOrEqual(8);
      expect(undescribed(schema)).toEqual([]);
    });
  }

  it("version 2 requires its version and the record's contributor", () => {
    const schema = JSON.parse(
      readFileSync(new URL("../../schema/trace-record.schema.json", import.meta.url), "utf8"),
    ) as { required: string[]; properties: { version: { const: number } } };
    expect(schema.required).toEqual(expect.arrayContaining(["version", "contributor", "files"]));
    expect(schema.properties.version.const).toBe(2);
  });
});
