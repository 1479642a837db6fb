import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
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

/**
 * Ajv (draft-07, with formats) for the vendored SARIF 2.1.0 schema (see
 * test/fixtures/sarif/README.md): draft-07, so the plain Ajv class, not Ajv2020. Its patterns are
 * compiled without the `u` flag: the schema's `language` pattern,
 * `^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`, has a stray `]` that only a unicode RegExp refuses.
 */
export function sarifValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats.default(ajv);
  const url = new URL("../fixtures/sarif/sarif-schema-2.1.0.json", import.meta.url);
  return ajv.compile(JSON.parse(readFileSync(url, "utf8")));
}
