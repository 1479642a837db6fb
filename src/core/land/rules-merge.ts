/**
 * The rules as data — the intents file and the policy, each parsed YAML (undefined where the file
 * is absent) — and the three-way merge that carries one commit's rules change into the rules in
 * force. Pure. Comments and layout do not count: two texts that parse to the same data are the
 * same rules.
 */
export interface RulesData {
  intents: unknown;
  policy: unknown;
}

/** Where a three-way merge of rules found both sides changing the same thing differently. */
export interface RulesConflict {
  /** The file, then the field path: `.orchestration/active_intents.yaml: active_intents[INT-001].status`. */
  file: "intents" | "policy";
  field: string;
}

export type RulesMerge = { ok: true; rules: RulesData } | { ok: false; conflict: RulesConflict };

/**
 * Carries the change `base → theirs` into `ours`, field by field: a field one side changed takes
 * that side's value, a field both changed the same way keeps it, a field both changed differently
 * is a conflict. Intents (list items with an `id`) merge by id; other lists are sets (scope
 * patterns, approvers, constraints: order means nothing to the judge), so additions and removals
 * on either side combine and never conflict.
 */
export function mergeRules(base: RulesData, ours: RulesData, theirs: RulesData): RulesMerge {
  const intents = mergeValue(base.intents, ours.intents, theirs.intents, "");
  if (!intents.ok) return { ok: false, conflict: { file: "intents", field: intents.field } };
  const policy = mergeValue(base.policy, ours.policy, theirs.policy, "");
  if (!policy.ok) return { ok: false, conflict: { file: "policy", field: policy.field } };
  return { ok: true, rules: { intents: intents.value, policy: policy.value } };
}

/** Whether two sets of rules say the same (lists compared as the merge sees them). */
export function rulesEqual(a: RulesData, b: RulesData): boolean {
  return canonicalRules(a) === canonicalRules(b);
}

/** The first field where two sets of rules differ, as a conflict names one; null when equal. */
export function firstDifference(a: RulesData, b: RulesData): RulesConflict | null {
  for (const file of ["intents", "policy"] as const) {
    const field = differingField(a[file], b[file], "");
    if (field !== null) return { file, field: field || "(the whole file)" };
  }
  return null;
}

function differingField(a: unknown, b: unknown, field: string): string | null {
  if (same(a, b)) return null;
  if (isRecord(a) && isRecord(b)) {
    for (const key of unionOfKeys([Object.keys(a), Object.keys(b)]).sort(compareText)) {
      const inner = differingField(a[key], b[key], joinField(field, key));
      if (inner !== null) return inner;
    }
  }
  if (Array.isArray(a) && Array.isArray(b) && keyedList(a) && keyedList(b)) {
    const byId = (items: Record<string, unknown>[]) =>
      new Map(items.map((item) => [item.id as string, item]));
    const [left, right] = [byId(a), byId(b)];
    for (const id of unionOfKeys([[...left.keys()], [...right.keys()]]).sort(compareText)) {
      const inner = differingField(left.get(id), right.get(id), `${field}[${id}]`);
      if (inner !== null) return inner;
    }
  }
  return field;
}

/**
 * One string per meaning: keys sorted, intents sorted by id, other lists sorted and without
 * repeats. Equal strings, equal rules; the caller may hash it to name the rules.
 */
export function canonicalRules(rules: RulesData): string {
  return JSON.stringify([canonical(rules.intents), canonical(rules.policy)]);
}

type Merged = { ok: true; value: unknown } | { ok: false; field: string };

/** An absent file or key. */
const absent = undefined;

function mergeValue(base: unknown, ours: unknown, theirs: unknown, field: string): Merged {
  if (same(ours, theirs)) return { ok: true, value: ours };
  if (same(base, ours)) return { ok: true, value: theirs };
  if (same(base, theirs)) return { ok: true, value: ours };
  if (isRecord(ours) && isRecord(theirs) && (base === absent || isRecord(base))) {
    return mergeRecords(base ?? {}, ours, theirs, field);
  }
  if (Array.isArray(ours) && Array.isArray(theirs) && (base === absent || Array.isArray(base))) {
    const baseItems = base ?? [];
    if (keyedList(ours) && keyedList(theirs) && keyedList(baseItems)) {
      return mergeKeyed(baseItems, ours, theirs, field);
    }
    return { ok: true, value: mergeSets(baseItems, ours, theirs) };
  }
  return { ok: false, field: field || "(the whole file)" };
}

function mergeRecords(
  base: Record<string, unknown>,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  field: string,
): Merged {
  const merged: Record<string, unknown> = {};
  for (const key of unionOfKeys([Object.keys(ours), Object.keys(theirs)])) {
    const result = mergeValue(base[key], ours[key], theirs[key], joinField(field, key));
    if (!result.ok) return result;
    if (result.value !== absent) merged[key] = result.value;
  }
  return { ok: true, value: merged };
}

/** Lists of records with a unique string `id` (the intents): merged item by item, by id. */
function mergeKeyed(
  base: readonly Record<string, unknown>[],
  ours: readonly Record<string, unknown>[],
  theirs: readonly Record<string, unknown>[],
  field: string,
): Merged {
  const byId = (items: readonly Record<string, unknown>[]) =>
    new Map(items.map((item) => [item.id as string, item]));
  const [baseById, oursById, theirsById] = [byId(base), byId(ours), byId(theirs)];
  const merged: unknown[] = [];
  for (const id of unionOfKeys([[...oursById.keys()], [...theirsById.keys()]])) {
    const result = mergeValue(
      baseById.get(id),
      oursById.get(id),
      theirsById.get(id),
      `${field}[${id}]`,
    );
    if (!result.ok) return result;
    if (result.value !== absent) merged.push(result.value);
  }
  return { ok: true, value: merged };
}

/** A list as a set: an item is kept when the side that changed its presence keeps it. */
function mergeSets(base: readonly unknown[], ours: readonly unknown[], theirs: readonly unknown[]) {
  const keys = (items: readonly unknown[]) => new Set(items.map(canonicalKey));
  const [inBase, inOurs, inTheirs] = [keys(base), keys(ours), keys(theirs)];
  const merged = new Map<string, unknown>();
  for (const item of [...ours, ...theirs]) {
    const key = canonicalKey(item);
    if (merged.has(key)) continue;
    const kept = inOurs.has(key) === inBase.has(key) ? inTheirs.has(key) : inOurs.has(key);
    if (kept) merged.set(key, item);
  }
  return [...merged.values()];
}

function same(a: unknown, b: unknown): boolean {
  return canonicalKey(a) === canonicalKey(b);
}

function canonicalKey(value: unknown): string {
  return value === absent ? "" : JSON.stringify(canonical(value));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (keyedList(value)) {
      return [...value]
        .sort((a, b) => compareText(a.id as string, b.id as string))
        .map((item) => canonical(item));
    }
    const items = new Map(value.map((item) => [JSON.stringify(canonical(item)), item]));
    return [...items.keys()].sort(compareText).map((key) => canonical(items.get(key)));
  }
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort(compareText)
        .map((key) => [key, canonical(value[key])]),
    );
  }
  return value ?? null;
}

function keyedList(items: readonly unknown[]): items is Record<string, unknown>[] {
  const ids = new Set<string>();
  for (const item of items) {
    if (!isRecord(item) || typeof item.id !== "string" || ids.has(item.id)) return false;
    ids.add(item.id);
  }
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The keys of each list in order of first appearance, without repeats. */
function unionOfKeys(lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  for (const list of lists) for (const key of list) seen.add(key);
  return [...seen];
}

function joinField(field: string, key: string): string {
  return field ? `${field}.${key}` : key;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
