import type { Document, LineCounter } from "yaml";

/** Where a key of a parsed YAML file is: its 1-based line and column, null when it is not there. */
export function keyPosition(
  document: Document,
  lineCounter: LineCounter,
): (keys: readonly (string | number)[]) => { line: number | null; column: number | null } {
  return (keys) => {
    const node = document.getIn(keys, true) as { range?: [number, number, number] } | undefined;
    if (!node?.range) return { line: null, column: null };
    const { line, col } = lineCounter.linePos(node.range[0]);
    return { line, column: col };
  };
}
