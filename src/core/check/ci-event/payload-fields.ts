import { z } from "zod";
import { branchFromRef, isBranchName, isSha } from "./git-names.js";
import type { Checked, CiValueKind, PayloadFieldProblem } from "./range-request.js";

/**
 * The values an untrusted event payload gives, as zod schemas: a field the request needs is a
 * leaf below, one it can do without is caught (`.catch`) and never fails the read. Objects strip
 * the fields they do not name.
 */

/** A commit: a full, lower-case SHA. */
export const commitSha = z.string().refine(isSha);

/** A branch, as a name or `refs/heads/<name>`: its name, one git accepts. */
export const branchName = z
  .string()
  .refine((value) => isBranchName(branchFromRef(value)))
  .transform(branchFromRef);

/** A branch the request can do without: null when absent or not a usable name. */
export const optionalBranchName = branchName.nullable().catch(null);

/** A ref, checked by whoever reads it: null when absent or not a string. */
export const optionalRef = z.string().nullable().catch(null);

/** What each required leaf must be, for the problem that names it. */
const expectedOf = new Map<z.core.$ZodType, CiValueKind>([
  [commitSha, "commit-sha"],
  [branchName, "branch-name"],
]);

/**
 * Reads `payload` (parsed JSON) through `schema`. A failure names the first required field, in
 * the schema's order, that is missing or wrong, and what was found in its place.
 */
export function readPayload<Schema extends z.ZodObject>(
  schema: Schema,
  payload: unknown,
): Checked<{ value: z.output<Schema> }> {
  const result = schema.safeParse(payload, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  for (const field of requiredFields(schema)) {
    const issue = result.error.issues.find((each) => isPrefix(each.path, field.path));
    if (issue === undefined) continue;
    return {
      ok: false,
      problem: {
        kind: "bad-payload",
        field: field.path.join("."),
        problem: fieldProblem(issue, field.path.length, field.expected),
      },
    };
  }
  // Every issue lies on the way to a required leaf: only those and their objects can fail.
  throw new Error(`payload schema failed outside its required fields: ${result.error.message}`);
}

interface RequiredField {
  path: string[];
  expected: CiValueKind;
}

/** The leaves a read fails without, in the schema's order (caught ones can do without). */
function requiredFields(schema: z.ZodObject, parent: string[] = []): RequiredField[] {
  return Object.entries(schema.shape).flatMap(([key, child]) => {
    const path = [...parent, key];
    if (child instanceof z.ZodObject) return requiredFields(child, path);
    const expected = expectedOf.get(child);
    return expected === undefined ? [] : [{ path, expected }];
  });
}

function isPrefix(prefix: readonly PropertyKey[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((key, index) => key === path[index]);
}

/** An issue at the field itself, or at an object on its way (which is then not an object). */
function fieldProblem(
  issue: z.core.$ZodIssue,
  depth: number,
  expected: CiValueKind,
): PayloadFieldProblem {
  if (issue.path.length < depth) {
    return { kind: "no-parent", parent: issue.path.join("."), found: issue.input };
  }
  if (issue.input === undefined || issue.input === null) return { kind: "missing" };
  return { kind: "wrong-value", found: issue.input, expected };
}
