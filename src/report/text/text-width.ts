/**
 * How many terminal columns text takes, and cutting it to a number of columns, for aligned
 * columns and truncated lines. An approximation of what terminals do (wcwidth): East Asian wide
 * and full-width characters and emoji take two columns, combining marks and format characters
 * none, anything else one. Text is cut between grapheme clusters, never inside one (an accent
 * stays with its letter, a surrogate pair whole). Control characters must be escaped first
 * (`printable`): they have no width a report can rely on.
 */

const plainAscii = /^[\x20-\x7e]*$/;
const wide =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]|\p{Emoji_Presentation}|\ufe0f/u;
const zeroWidth = /^[\p{Mn}\p{Me}\p{Cf}]+$/u;

let segmenter: Intl.Segmenter | undefined;

function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function graphemeWidth(grapheme: string): number {
  if (zeroWidth.test(grapheme)) return 0;
  return wide.test(grapheme) ? 2 : 1;
}

/** The columns text takes on a terminal. */
export function displayWidth(text: string): number {
  if (plainAscii.test(text)) return text.length;
  let width = 0;
  for (const grapheme of graphemes(text)) width += graphemeWidth(grapheme);
  return width;
}

/** Text padded with spaces on the right to `width` columns (unchanged when already as wide). */
export function padEndToWidth(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** Text padded with spaces on the left to `width` columns. */
export function padStartToWidth(text: string, width: number): string {
  return " ".repeat(Math.max(0, width - displayWidth(text))) + text;
}

/**
 * Text cut to at most `width` columns, ending with `…` when cut (the `…` counts as one column).
 * `Infinity` never cuts.
 */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const room = Math.max(0, width - 1);
  let used = 0;
  let kept = "";
  for (const grapheme of graphemes(text)) {
    const columns = graphemeWidth(grapheme);
    if (used + columns > room) break;
    used += columns;
    kept += grapheme;
  }
  return `${kept}…`;
}

/**
 * Tabs replaced by spaces up to the next tab stop (every `tabStop` columns from the start of
 * text), so that columns after them stay aligned and widths are right; every part between tabs
 * is passed through `escapePart` first (e.g. `printable`), which must not produce tabs.
 */
export function expandTabs(
  text: string,
  escapePart: (part: string) => string,
  tabStop = 8,
): string {
  const parts = text.split("\t");
  let out = "";
  let column = 0;
  parts.forEach((part, index) => {
    const escaped = escapePart(part);
    out += escaped;
    column += displayWidth(escaped);
    if (index < parts.length - 1) {
      const spaces = tabStop - (column % tabStop);
      out += " ".repeat(spaces);
      column += spaces;
    }
  });
  return out;
}
