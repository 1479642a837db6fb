import type { Intent } from "../../config/intents-schema.js";
import { type Governance, selectableIntents } from "../../governance/governance.js";
import { type GuardedAdmitter, guardedAdmitter, type PathPolicy } from "../../scope/path-policy.js";
import type { Advice, RenamedPath } from "../verdict.js";
import { label, type RuleInput, unique } from "./rule.js";

/**
 * The next steps every scope finding shares: the other intents that cover the paths, renames no
 * single intent covers, and splitting the commit.
 */
export function scopeAdvice(
  input: RuleInput,
  intent: Intent,
  policy: PathPolicy,
  offending: string[],
): Advice[] {
  const { governance } = input;
  const others = selectableIntents(governance).flatMap((candidate) => {
    const scope = governance.scopes[candidate.id];
    return candidate.id === intent.id || !scope
      ? []
      : [{ intent: candidate, admit: guardedAdmitter(scope, policy) }];
  });
  // A rename is one change: an intent covers it only when it admits both of its paths (those of
  // them that need an intent).
  const outside = new Set(offending);
  const renames = input.changes.flatMap(({ operation, oldPath, path }): RenamedPath[] =>
    operation === "rename" && oldPath !== null && (outside.has(oldPath) || outside.has(path))
      ? [{ from: oldPath, to: path }]
      : [],
  );
  const covered = unique([
    ...offending,
    ...renames.flatMap(({ from, to }) => [from, to]).filter(policy.needsIntent),
  ]);
  const covering = others.filter(({ admit }) => covered.every((path) => admit(path).admitted));
  const split: Advice = input.intended
    ? { kind: "leave-out", paths: offending }
    : { kind: "unstage", paths: offending };
  return [
    ...covering.map(
      (candidate): Advice => ({
        kind: "use-covering-intent",
        intent: label(candidate.intent),
        paths: offending.length,
      }),
    ),
    ...(covering.length === 0
      ? renamesAcrossIntents(governance, intent, policy, others, renames)
      : []),
    split,
  ];
}

/**
 * The renames whose old path one intent owns and whose new path another owns, with no intent
 * owning both, grouped by that pair of intents. The judged intent owns what its scope admits;
 * a path outside it belongs to the first selectable intent that admits it.
 */
function renamesAcrossIntents(
  governance: Governance,
  intent: Intent,
  policy: PathPolicy,
  others: readonly { intent: Intent; admit: GuardedAdmitter }[],
  renames: readonly RenamedPath[],
): Advice[] {
  const scope = governance.scopes[intent.id];
  const judged = scope ? guardedAdmitter(scope, policy) : null;
  const owner = (path: string): Intent | undefined =>
    judged?.(path).admitted ? intent : others.find(({ admit }) => admit(path).admitted)?.intent;
  const groups = new Map<string, Extract<Advice, { kind: "rename-across-intents" }>>();
  for (const rename of renames) {
    const from = owner(rename.from);
    const to = owner(rename.to);
    if (!from || !to) continue;
    if (others.some(({ admit }) => admit(rename.from).admitted && admit(rename.to).admitted)) {
      continue;
    }
    const key = `${from.id}\0${to.id}`;
    const group = groups.get(key);
    if (group) group.renames.push(rename);
    else
      groups.set(key, {
        kind: "rename-across-intents",
        from: label(from),
        to: label(to),
        renames: [rename],
      });
  }
  return [...groups.values()];
}
