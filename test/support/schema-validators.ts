import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

function compile(url: URL) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(url, "utf8")));
}

/** Ajv (draft 2020-12, with formats) for the vendored Agent Trace 0.1.0 schema. */
export function agentTraceValidator() {
  return compile(new URL("../fixtures/agent-trace/agent-trace-0.1.0.schema.json", import.meta.url));
}

/** Ajv for the trace-record JSON Schema intentguard ships. */
export function traceRecordValidator() {
  return compile(new URL("../../schema/trace-record.schema.json", import.meta.url));
}
