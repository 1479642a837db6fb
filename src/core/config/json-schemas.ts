import { z } from "zod";
import { TraceRecordV1, TraceRecordV2, TraceRecordV3 } from "../trace/record-schema.js";
import { IntentsFile } from "./intents-schema.js";
import { Policy } from "./policy-schema.js";

/**
 * The JSON Schemas that editors use to validate the YAML files (yaml-language-server), generated
 * from the zod schemas so the two cannot drift. The build writes them to schema/.
 */
export function jsonSchemas(): Record<string, unknown> {
  const generate = (schema: z.ZodType, id: string, title: string) => ({
    ...z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" }),
    $id: id,
    title,
  });
  return {
    "active_intents.schema.json": generate(
      IntentsFile,
      "https://intentguard.dev/schema/active_intents.schema.json",
      "intentguard intents (.orchestration/active_intents.yaml)",
    ),
    "policy.schema.json": generate(
      Policy,
      "https://intentguard.dev/schema/policy.schema.json",
      "intentguard policy (policies/intentguard.yaml)",
    ),
    "trace-record.schema.json": generate(
      TraceRecordV2,
      "https://intentguard.dev/schema/trace-record.schema.json",
      "intentguard trace record, version 2 (one line of a refs/notes/intentguard note)",
    ),
    "trace-record-v3.schema.json": generate(
      TraceRecordV3,
      "https://intentguard.dev/schema/trace-record-v3.schema.json",
      "intentguard trace record, version 3 (version 2 with withheld ranges: written only for a commit that has one)",
    ),
    "trace-record-v1.schema.json": generate(
      TraceRecordV1,
      "https://intentguard.dev/schema/trace-record-v1.schema.json",
      "intentguard trace record, version 1 (no version field; read, no longer written)",
    ),
  };
}
