import type { TraceStats } from "../../core/trace/trace-stats.js";

/**
 * `trace stats --json`: the totals as they are (`version: 1`; `governance` was added to it, beside
 * `intents`, which readers of version 1 may ignore), pretty-printed.
 */
export function formatTraceStatsJson(stats: TraceStats): string {
  return `${JSON.stringify(stats, null, 2)}\n`;
}
