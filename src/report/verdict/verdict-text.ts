import type { Finding, PathVerdict, Verdict } from "../../core/judge/verdict.js";
import { appendAll } from "../../core/unbounded-arrays.js";
import { plural } from "../text/count.js";
import { displayPath } from "../text/display-path.js";
import { groupPaths, pathsListedOneByOne } from "../text/group-paths.js";
import type { Style } from "../text/style.js";
import { adviceText, noteText } from "./advice.js";
import { describeSource, findingText } from "./finding-text.js";

/**
 * The human-readable verdict: one line when allowed, and when blocked every offending path (or
 * directory groups), the rule, the intent and its scope, and the next steps, each with the
 * command that takes it as intentguard runs here (`command`).
 */
export function formatVerdictText(verdict: Verdict, style: Style, command: string): string {
  const lines = [headline(verdict, style)];
  for (const finding of verdict.findings)
    appendAll(lines, findingLines(finding, verdict.paths, style, command));
  if (verdict.outcome === "blocked" && verdict.intent)
    appendAll(lines, intentLines(verdict, style));
  for (const note of verdict.notes) lines.push(style.dim(`  note: ${noteText(note)}`));
  return `${lines.join("\n")}\n`;
}

function headline(verdict: Verdict, style: Style): string {
  const intent = verdict.intent;
  const named = intent ? `${intent.id}${intent.name ? ` (${intent.name})` : ""}` : "";
  const pathCount = verdict.path_count;
  const paths = plural(pathCount, "path");
  switch (verdict.outcome) {
    case "blocked": {
      const errors = verdict.findings.filter((finding) => finding.severity === "error");
      return style.red(`✗ intentguard: blocked — ${errors.map(findingText).join("; ")}`);
    }
    case "deferred":
      // Only pre-commit defers, and it prints nothing then; this says it in the user's terms.
      return style.dim(
        "• intentguard: no intent declared yet; the commit is judged as it lands, under its message's Intent: trailer",
      );
    default:
      if (verdict.kind === "intent") {
        // Paths outside the policy's paths.require_intent are not judged by the scope.
        const free = new Set(
          verdict.paths.filter((entry) => entry.origin === "no-intent-needed").map((e) => e.path),
        ).size;
        if (free === 0) return style.green(`✓ intentguard: allowed — ${named}, ${paths} in scope`);
        const scoped = pathCount - free;
        return style.green(
          `✓ intentguard: allowed — ${named}, ${plural(scoped, "path")} in scope, ${free} needing no intent`,
        );
      }
      // An empty commit (a squash that cancels out, --allow-empty) touches nothing by definition:
      // "empty commit, 0 paths" would say it twice.
      return style.green(
        `✓ intentguard: allowed — ${kindLabel[verdict.kind]}${verdict.kind === "empty" ? "" : `, ${paths}`}`,
      );
  }
}

const kindLabel: Record<Verdict["kind"], string> = {
  intent: "in scope",
  governance: "governance change",
  adoption: "adoption commit",
  empty: "empty commit",
  merge: "merge",
  "no-intent": "no intent required by policy",
};

export function findingLines(
  finding: Finding,
  entries: readonly PathVerdict[],
  style: Style,
  command: string,
): string[] {
  const mark = finding.severity === "error" ? style.red("✗") : style.yellow("!");
  const lines =
    finding.severity === "warn"
      ? [`${mark} warning (${finding.rule}): ${findingText(finding)}`]
      : [];
  lines.push(style.dim(`  rule: ${finding.rule} (${finding.severity})`));
  if (finding.paths.length > 0) {
    lines.push("  paths:");
    const listed =
      finding.paths.length <= pathsListedOneByOne
        ? describePaths(finding.paths, entries)
        : groupPaths(finding.paths.map(displayPath));
    for (const line of listed) lines.push(`    ${line}`);
  }
  if (finding.advice.length > 0) {
    lines.push("  next:");
    for (const step of finding.advice) lines.push(`    - ${adviceText(step, command)}`);
  }
  return lines;
}

function intentLines(verdict: Verdict, style: Style): string[] {
  const intent = verdict.intent;
  if (!intent) return [];
  const status = intent.status ? `, ${intent.status}` : ", not in the committed intents";
  const lines = [
    style.bold(`  intent: ${intent.id} (from ${describeSource(intent.source)})${status}`),
  ];
  if (intent.scope) {
    const list = (patterns: string[]) => (patterns.length ? patterns.join(", ") : "none");
    lines.push(`    owned scope:     ${list(intent.scope.owned)}`);
    if (intent.scope.extended.length)
      lines.push(`    extended scope:  ${list(intent.scope.extended)}`);
    lines.push(`    forbidden scope: ${list(intent.scope.forbidden)}`);
  }
  return lines;
}

/** Each path with its operation and why it was refused, looked up in one pass over the entries. */
function describePaths(paths: readonly string[], entries: readonly PathVerdict[]): string[] {
  const wanted = new Set(paths);
  const found = new Map<string, PathVerdict>();
  for (const entry of entries) {
    if (wanted.has(entry.path) && !found.has(entry.path)) found.set(entry.path, entry);
  }
  return paths.map((path) => describePath(path, found.get(path)));
}

function describePath(path: string, entry: PathVerdict | undefined): string {
  if (!entry) return displayPath(path);
  const side = entry.side
    ? ` (${entry.operation} ${entry.side === "old" ? "source" : "target"})`
    : "";
  const why =
    entry.origin === "forbidden"
      ? ` — forbidden by ${entry.pattern}`
      : entry.origin === "protected"
        ? ` — protected by ${entry.pattern}`
        : "";
  return `${entry.operation.padEnd(6)} ${displayPath(path)}${side}${why}`;
}
