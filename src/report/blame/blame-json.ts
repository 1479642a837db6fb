import type { FileBlame } from "../../core/trace/blame-line.js";
import { isoTime } from "../../core/trace/blame-runs.js";
import { attributionReasonText } from "./attribution-reason.js";

/**
 * `trace blame --json` as data: the versioned envelope `{version, path, rev, lines}`, each line
 * with its number and content, the commit that last changed it and where the line was in that
 * commit, the author (time as ISO 8601 in UTC; git's timezone kept beside it), the commit's
 * subject, the intent and contributor (null when unknown), the confidence with its reason and
 * source, the content's hash, and whether git's walk stopped at the commit. Strings are as they
 * are (JSON escapes what it must): tools get the exact content and names.
 */
export function blameJson(blame: FileBlame, command: string): unknown {
  return {
    version: blame.version,
    path: blame.path,
    rev: blame.rev,
    lines: blame.lines.map((line) => ({
      line: line.line,
      content: line.content,
      commit: line.commit,
      original: { path: line.original.path, line: line.original.line },
      author: {
        name: line.author.name,
        email: line.author.email,
        time: isoTime(line.author.time),
        timezone: line.author.timezone,
      },
      summary: line.summary,
      intent: line.intent ? { id: line.intent.id, name: line.intent.name } : null,
      contributor: line.contributor
        ? {
            type: line.contributor.type,
            model: line.contributor.model,
            agent: line.contributor.agent,
            name: line.contributor.name,
            email: line.contributor.email,
          }
        : null,
      confidence: line.confidence,
      reason: attributionReasonText(line.reason, command),
      source: line.source,
      content_hash: line.content_hash,
      boundary: line.boundary,
    })),
  };
}

/** `trace blame --json`: `blameJson`, pretty-printed, with a final newline. */
export function formatBlameJson(blame: FileBlame, command: string): string {
  return `${JSON.stringify(blameJson(blame, command), null, 2)}\n`;
}
