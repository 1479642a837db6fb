import { isGovernancePath } from "../../core/governance/governance-files.js";
import type { Confidence, FileBlame, LineContributor } from "../../core/trace/blame-line.js";
import { confidenceOrder, contributorKey } from "../../core/trace/blame-runs.js";
import { largest } from "../../core/unbounded-arrays.js";
import { plural } from "../text/count.js";
import { displayPath } from "../text/display-path.js";
import { printable } from "../text/messages.js";
import type { Style } from "../text/style.js";
import { displayWidth, padEndToWidth, padStartToWidth } from "../text/text-width.js";
import { contributorLabel } from "./blame-text.js";

/** The stable, versioned shape of `trace blame --summary --json`. */
export const blameSummarySchemaVersion = 1;

/** One file's lines, and how many of them have an AI, a person, or no contributor. */
export interface BlameFileCount {
  path: string;
  rev: string | null;
  lines: number;
  ai_lines: number;
  human_lines: number;
  /** Lines with no contributor (unattributed, or attributed to an intent only). */
  unknown_lines: number;
}

/** Lines per intent; `id` null: lines of no intent. */
export interface IntentShare {
  id: string | null;
  name: string | null;
  lines: number;
  /** `lines` over all lines, rounded to 4 decimals (0.3333); 0 when there are no lines. */
  share: number;
}

/** Lines per contributor: an AI by model and agent, a person by name and email; `type` null: none. */
export interface ContributorShare {
  type: LineContributor["type"] | null;
  model: string | null;
  agent: string | null;
  name: string | null;
  email: string | null;
  lines: number;
  share: number;
}

/** The totals of one or more blamed files. */
export interface BlameSummary {
  files: BlameFileCount[];
  lines: number;
  /** Most lines first; ties by id, no intent last. Lines of the rules files are not here. */
  intents: IntentShare[];
  /** The lines of the rules files and the intent map: the rules, no intent's work. */
  governance: { lines: number; share: number };
  /** Most lines first; ties as written, no contributor last. */
  contributors: ContributorShare[];
  /** Every confidence, 0 included. */
  confidence: Record<Confidence, number>;
}

/**
 * Totals over the files blamed (one, or every file of a directory): per file its lines; per
 * intent and per contributor their lines and share of all lines, the rules files' lines counted
 * as governance apart from every intent, whatever commit wrote them; lines per confidence.
 */
export function blameSummary(blames: readonly FileBlame[]): BlameSummary {
  const intents = new Map<string | null, IntentShare>();
  const contributors = new Map<string | null, ContributorShare>();
  const confidence = Object.fromEntries(confidenceOrder.map((key) => [key, 0])) as Record<
    Confidence,
    number
  >;
  const files: BlameFileCount[] = [];
  const governance = { lines: 0, share: 0 };
  let total = 0;
  for (const blame of blames) {
    const rules = isGovernancePath(blame.path);
    const file: BlameFileCount = {
      path: blame.path,
      rev: blame.rev,
      lines: 0,
      ai_lines: 0,
      human_lines: 0,
      unknown_lines: 0,
    };
    for (const line of blame.lines) {
      total += 1;
      file.lines += 1;
      const who = line.contributor;
      if (who === null) file.unknown_lines += 1;
      else if (who.type === "AI") file.ai_lines += 1;
      else file.human_lines += 1;
      confidence[line.confidence] += 1;

      if (rules) {
        governance.lines += 1;
      } else {
        const id = line.intent?.id ?? null;
        const intent = intents.get(id) ?? { id, name: null, lines: 0, share: 0 };
        intent.name ??= line.intent?.name ?? null;
        intent.lines += 1;
        intents.set(id, intent);
      }

      const key = contributorKey(who);
      const contributor = contributors.get(key) ?? {
        type: who?.type ?? null,
        model: who?.model ?? null,
        agent: who?.agent ?? null,
        name: who?.name ?? null,
        email: who?.email ?? null,
        lines: 0,
        share: 0,
      };
      contributor.lines += 1;
      contributors.set(key, contributor);
    }
    files.push(file);
  }
  const share = (lines: number) =>
    total === 0 ? 0 : Math.round((lines / total) * 10_000) / 10_000;
  for (const entry of [...intents.values(), governance, ...contributors.values()])
    entry.share = share(entry.lines);
  return {
    files,
    lines: total,
    intents: [...intents.values()].sort(
      (a, b) =>
        Number(a.id === null) - Number(b.id === null) ||
        b.lines - a.lines ||
        (a.id ?? "").localeCompare(b.id ?? ""),
    ),
    governance,
    contributors: [...contributors.values()].sort(
      (a, b) =>
        Number(a.type === null) - Number(b.type === null) ||
        b.lines - a.lines ||
        summaryLabel(a).localeCompare(summaryLabel(b)),
    ),
    confidence,
  };
}

/** `trace blame --summary --json`: the totals, versioned, pretty-printed. */
export function formatBlameSummaryJson(summary: BlameSummary): string {
  return `${JSON.stringify({ version: blameSummarySchemaVersion, ...summary }, null, 2)}\n`;
}

/**
 * `trace blame --summary`: a headline (the file, or how many files), then, for several files,
 * a table of each file's lines; the lines and share per intent and per contributor; the lines
 * per confidence. Names and paths from git and notes are printed escaped.
 */
export function formatBlameSummaryText(summary: BlameSummary, style: Style): string {
  const count = (n: number) => plural(n, "line");
  const only = summary.files.length === 1 ? summary.files[0] : undefined;
  const headline = only
    ? `${printable(displayPath(only.path))}${only.rev === null ? "" : ` at ${printable(only.rev)}`}: ${count(summary.lines)}`
    : `${plural(summary.files.length, "file")}: ${count(summary.lines)}`;
  const out = [style.bold(headline)];
  if (summary.files.length > 1) {
    out.push(
      "files:",
      ...table(
        [
          ["path", "lines", "AI", "human", "unknown"],
          ...summary.files.map((file) => [
            printable(displayPath(file.path)),
            String(file.lines),
            String(file.ai_lines),
            String(file.human_lines),
            String(file.unknown_lines),
          ]),
        ],
        [false, true, true, true, true],
      ),
    );
  }
  if (summary.lines > 0) {
    const intents = summary.intents.map((intent) => [
      intentLabel(intent),
      count(intent.lines),
      percent(intent.share),
    ]);
    const { governance } = summary;
    if (governance.lines > 0) {
      intents.push(["governance (the rules)", count(governance.lines), percent(governance.share)]);
    }
    out.push(
      "intents:",
      ...table(intents, [false, true, true]),
      "contributors:",
      ...table(
        summary.contributors.map((contributor) => [
          summaryLabel(contributor),
          count(contributor.lines),
          percent(contributor.share),
        ]),
        [false, true, true],
      ),
    );
  }
  const confidence = confidenceOrder.map((key) => {
    const text = `${summary.confidence[key]} ${key}`;
    if (key === "tampered" && summary.confidence[key] > 0) return style.red(text);
    return text;
  });
  out.push(`confidence: ${confidence.join(", ")}`);
  return `${out.join("\n")}\n`;
}

/** A contributor as the summary names it: an AI as in blame, a person with their email. */
function summaryLabel(contributor: ContributorShare): string {
  if (contributor.type === null) return "no contributor";
  const { type, model, agent, name, email } = contributor;
  if (type === "AI") return contributorLabel({ type, model, agent, name, email });
  const who = [name ? printable(name) : "", email ? `<${printable(email)}>` : ""];
  return who.filter(Boolean).join(" ") || "human";
}

/** `INT-001 (Login)`, `INT-002` without a name, `no intent`. */
function intentLabel(intent: IntentShare): string {
  if (intent.id === null) return "no intent";
  return `${printable(intent.id)}${intent.name ? ` (${printable(intent.name)})` : ""}`;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** Rows as aligned columns, indented by two; a column right-aligned where `right` says so. */
function table(rows: readonly string[][], right: readonly boolean[]): string[] {
  const widths = right.map((_, column) =>
    largest(rows.map((row) => displayWidth(row[column] ?? ""))),
  );
  return rows.map((row) =>
    `  ${row
      .map((cell, column) =>
        right[column]
          ? padStartToWidth(cell, widths[column] ?? 0)
          : padEndToWidth(cell, widths[column] ?? 0),
      )
      .join("  ")}`.trimEnd(),
  );
}

/** The files a directory's summary leaves out, as git cannot blame them line by line (at most five named). */
export function unblameableMessage(skipped: readonly string[]): string {
  const shown = skipped.slice(0, 5).join(", ");
  const more = skipped.length > 5 ? ` and ${skipped.length - 5} more` : "";
  return `intentguard: left out of the summary, as git cannot blame them line by line (binary files, submodules): ${shown}${more}\n`;
}
