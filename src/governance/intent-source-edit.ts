import { isDeepStrictEqual } from "node:util";
import {
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  Scalar,
  stringify,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import type { Clock } from "../core/clock.js";
import {
  type IntentsDocument,
  openIntentsDocument,
  saveIntentsDocument,
} from "./intents-document.js";

/** A value the lifecycle commands write: a string, or a list of strings (scope patterns). */
export type FieldValue = string | readonly string[];

/** What a save wrote, and whether every byte outside the edited lines was kept. */
export interface SavedEdit {
  text: string;
  /**
   * False when the edit could not be made in place (an unusual layout: a flow-style list of
   * intents, a status written as a block scalar) and the yaml package laid the file out anew:
   * comments and key order kept, spacing and some quoting not.
   */
  layoutKept: boolean;
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

type ScalarStyle = "PLAIN" | "QUOTE_DOUBLE" | "QUOTE_SINGLE";

/** How the file writes an intent, read from its last one, so an added intent looks like it. */
interface IntentLayout {
  dashColumn: number;
  keyColumn: number;
  scalar: ScalarStyle;
  listScalar: ScalarStyle;
  /** A list as `[a, b]` (with `padded`: `[ a, b ]`) rather than one `- item` per line. */
  flowLists: boolean;
  padded: boolean;
  /** Columns from a key to the `-` of its block list's items (2 for `key:\n  - a`). */
  listOffset: number;
}

/**
 * An edit of the working copy's intents file that changes only the bytes it must. The `yaml`
 * Document API (intents-document.ts) keeps comments and key order, but lays the whole file out
 * anew when it writes it: aligned trailing comments lose their alignment, `["a", "b"]` becomes
 * `[ "a", "b" ]` or the reverse, a comment after `key:` moves to the next line, other indentation
 * becomes two spaces. So each edit is made twice: on the Document (the content intended) and as
 * a splice of the source text at the node's own range. The save writes the spliced text when it
 * parses to exactly the content intended, else the Document's own rendering (and says so); it goes
 * through saveIntentsDocument either way: validation, lock, the check that the file was not
 * changed since it was read, atomic write.
 */
export class IntentsSourceEdit {
  private readonly splices: Splice[] = [];
  private spliceable = true;
  private readonly eol: string;

  private constructor(
    readonly opened: IntentsDocument,
    private readonly source: string,
  ) {
    this.eol = source.includes("\r\n") ? "\r\n" : "\n";
  }

  /**
   * Opens the working copy's intents file (openIntentsDocument: refused, exit 2, when missing or
   * invalid); the Document's ranges point into the text it was read from.
   */
  static async open(root: string): Promise<IntentsSourceEdit> {
    const opened = await openIntentsDocument(root);
    return new IntentsSourceEdit(opened, opened.text);
  }

  get intents(): IntentsDocument["intents"]["active_intents"] {
    return this.opened.intents.active_intents;
  }

  /**
   * Sets a string field of the intent at `index`: in place when the key is there (the value keeps
   * its quoting), else added as the intent's last key.
   */
  setField(index: number, key: string, value: string): void {
    const map = this.opened.document.getIn(["active_intents", index], true);
    if (!isMap(map)) throw new Error(`active_intents[${index}] is not a mapping`);
    const node = map.get(key, true);
    if (isScalar(node)) {
      const style = plainStyle(node.type);
      if (style && node.range)
        this.replaceScalar(node.range[0], node.range[1], render(value, style));
      else this.spliceable = false;
      node.value = value;
      return;
    }
    if (node !== undefined) {
      this.spliceable = false;
      map.set(key, value);
      return;
    }
    const style = scalarStyleOf(map);
    this.insertPair(map, key, render(value, style));
    map.set(key, styledScalar(value, style));
  }

  /** Appends an intent whose keys come in `fields`' order, laid out like the file's last one. */
  appendIntent(fields: readonly (readonly [string, FieldValue])[]): void {
    const document = this.opened.document;
    const seq = document.get("active_intents", true);
    if (!isSeq(seq)) throw new Error("active_intents is not a list");
    const last = seq.items.at(-1);
    const layout = this.layoutAfter(seq, last);
    if (layout && seq.range) {
      const lines = renderIntent(fields, layout);
      if (seq.items.length === 0) {
        // `active_intents: []` becomes a block list of one, from just after the key's colon.
        const colon = this.source.lastIndexOf(":", seq.range[0]);
        this.splice(colon + 1, seq.range[1], `${this.eol}${lines.join(this.eol)}`);
      } else {
        const end = (last as { range?: [number, number, number] }).range?.[1] ?? seq.range[1];
        this.insertLines(end, lines, layout.dashColumn);
      }
    } else {
      this.spliceable = false;
    }
    const style = layout ?? defaultLayout(0);
    const node = document.createNode(Object.fromEntries(fields)) as YAMLMap;
    for (const pair of node.items) {
      if (isScalar(pair.value)) pair.value.type = style.scalar;
      if (isSeq(pair.value)) {
        pair.value.flow = style.flowLists || pair.value.items.length === 0;
        for (const item of pair.value.items) if (isScalar(item)) item.type = style.listScalar;
      }
    }
    if (seq.items.length === 0) seq.flow = false;
    seq.add(node);
  }

  /** Validates and writes the edit (saveIntentsDocument); exit 2 if the file changed meanwhile. */
  async save(clock: Clock): Promise<SavedEdit> {
    const intended = this.opened.document.toJS();
    if (this.spliceable) {
      const text = applySplices(this.source, this.splices);
      const reparsed = parseDocument(text);
      if (reparsed.errors.length === 0 && isDeepStrictEqual(reparsed.toJS(), intended)) {
        await saveIntentsDocument(this.opened, clock, text);
        return { text, layoutKept: true };
      }
    }
    return { text: (await saveIntentsDocument(this.opened, clock)).text, layoutKept: false };
  }

  private splice(start: number, end: number, text: string): void {
    this.splices.push({ start, end, text });
  }

  /**
   * Replaces a scalar's text; a comment after it on the same line keeps its column when the
   * spaces before it allow (aligned trailing comments stay aligned).
   */
  private replaceScalar(start: number, end: number, text: string): void {
    const gap = /^[ \t]+(?=#)/.exec(this.source.slice(end))?.[0];
    if (gap === undefined || gap.includes("\t")) {
      this.splice(start, end, text);
      return;
    }
    const spaces = Math.max(1, gap.length + (end - start) - text.length);
    this.splice(start, end + gap.length, `${text}${" ".repeat(spaces)}`);
  }

  /** Adds `key: value` as the last pair of a mapping. */
  private insertPair(map: YAMLMap, key: string, value: string): void {
    if (!map.range) {
      this.spliceable = false;
      return;
    }
    if (map.flow) {
      const close = this.source.lastIndexOf("}", map.range[1] - 1);
      if (close < map.range[0]) {
        this.spliceable = false;
        return;
      }
      let at = close;
      while (at > map.range[0] + 1 && /\s/.test(this.source[at - 1] ?? "")) at--;
      this.splice(at, at, `${map.items.length > 0 ? ", " : ""}${key}: ${value}`);
      return;
    }
    const firstKey = map.items[0]?.key as { range?: [number, number, number] } | undefined;
    if (!firstKey?.range) {
      this.spliceable = false;
      return;
    }
    this.insertLines(map.range[1], [
      `${" ".repeat(this.column(firstKey.range[0]))}${key}: ${value}`,
    ]);
  }

  /**
   * Inserts whole lines after the line on which the node ending at `end` ends, and after the
   * comment lines that follow it indented deeper than `belowColumn` (they belong to that node).
   */
  private insertLines(
    end: number,
    lines: readonly string[],
    belowColumn = Number.POSITIVE_INFINITY,
  ): void {
    const text = lines.join(this.eol);
    let at = end > 0 && this.source[end - 1] === "\n" ? end : this.source.indexOf("\n", end) + 1;
    if (at === 0) {
      this.splice(this.source.length, this.source.length, `${this.eol}${text}`);
      return;
    }
    for (;;) {
      const next = this.source.indexOf("\n", at);
      const line = this.source.slice(at, next === -1 ? this.source.length : next);
      const indent = /^[ ]*/.exec(line)?.[0].length ?? 0;
      if (!/^[ ]*#/.test(line) || indent <= belowColumn) break;
      if (next === -1) {
        this.splice(this.source.length, this.source.length, `${this.eol}${text}`);
        return;
      }
      at = next + 1;
    }
    this.splice(at, at, `${text}${this.eol}`);
  }

  private column(offset: number): number {
    return offset - (this.source.lastIndexOf("\n", offset - 1) + 1);
  }

  /**
   * The layout of an intent appended after `last`: its dash and key columns and its styles; for
   * an empty flow list (`active_intents: []`), the default under the key. Null when the list is
   * laid out in a way the edit does not reproduce in place (a non-empty flow list).
   */
  private layoutAfter(seq: YAMLSeq, last: unknown): IntentLayout | null {
    if (seq.items.length === 0) {
      if (!seq.flow || !seq.range) return null;
      const pair = this.opened.document.contents as YAMLMap | null;
      const keyNode = pair?.items?.find((item) => (item.key as Scalar)?.value === "active_intents")
        ?.key as { range?: [number, number, number] } | undefined;
      return keyNode?.range ? defaultLayout(this.column(keyNode.range[0]) + 2) : null;
    }
    if (seq.flow || !isMap(last) || !last.range) return null;
    const dash = this.source.lastIndexOf("-", last.range[0] - 1);
    const between = this.source.slice(dash + 1, last.range[0]);
    if (dash === -1 || !/^[ ]+$/.test(between)) return null;
    const dashColumn = this.column(dash);
    const keyColumn = last.flow ? dashColumn + 2 : this.column(last.range[0]);
    const layout: IntentLayout = { ...defaultLayout(dashColumn), keyColumn };
    if (last.flow) return layout;
    layout.scalar = scalarStyleOf(last);
    layout.listScalar = layout.scalar;
    const keyOffset = (node: unknown) => (node as { range?: [number, number, number] }).range?.[0];
    for (const pair of last.items) {
      const list = pair.value;
      if (!isSeq(list) || !list.range || list.items.length === 0) continue;
      const first = list.items[0];
      if (isScalar(first)) layout.listScalar = plainStyle(first.type) ?? layout.listScalar;
      layout.flowLists = list.flow === true;
      if (list.flow) {
        layout.padded = this.source[list.range[0] + 1] === " ";
      } else {
        const firstItem = keyOffset(first);
        const keyStart = keyOffset(pair.key);
        if (firstItem !== undefined && keyStart !== undefined) {
          const itemDash = this.source.lastIndexOf("-", firstItem - 1);
          layout.listOffset = Math.max(0, this.column(itemDash) - this.column(keyStart));
        }
      }
      if ((pair.key as Scalar).value === "owned_scope") break;
    }
    return layout;
  }
}

function applySplices(source: string, splices: readonly Splice[]): string {
  const ordered = splices
    .map((splice, order) => ({ ...splice, order }))
    .sort((a, b) => a.start - b.start || a.order - b.order);
  let out = "";
  let at = 0;
  for (const splice of ordered) {
    out += source.slice(at, splice.start) + splice.text;
    at = Math.max(at, splice.end);
  }
  return out + source.slice(at);
}

function defaultLayout(dashColumn: number): IntentLayout {
  return {
    dashColumn,
    keyColumn: dashColumn + 2,
    scalar: "QUOTE_DOUBLE",
    listScalar: "QUOTE_DOUBLE",
    flowLists: false,
    padded: false,
    listOffset: 2,
  };
}

function plainStyle(type: Scalar["type"]): ScalarStyle | null {
  return type === "PLAIN" || type === "QUOTE_DOUBLE" || type === "QUOTE_SINGLE" ? type : null;
}

/** The quoting of a mapping's `id` (else its first string value), to write new values alike. */
function scalarStyleOf(map: YAMLMap): ScalarStyle {
  const id = map.get("id", true);
  if (isScalar(id)) return plainStyle(id.type) ?? "QUOTE_DOUBLE";
  for (const pair of map.items) {
    if (isScalar(pair.value) && typeof pair.value.value === "string") {
      return plainStyle(pair.value.type) ?? "QUOTE_DOUBLE";
    }
  }
  return "QUOTE_DOUBLE";
}

function styledScalar(value: string, style: ScalarStyle): Scalar {
  const node = new Scalar(value);
  node.type = style;
  return node;
}

/**
 * A string as one YAML scalar in the given style; the style is given up for double quotes when it
 * cannot hold the value (a plain `*.ts` would be an alias, a plain `a: b` a mapping).
 */
function render(value: string, style: ScalarStyle): string {
  if (style !== "QUOTE_DOUBLE") {
    const text = stringify(value, { defaultStringType: style, lineWidth: 0 }).replace(/\n$/, "");
    if (!text.includes("\n") && (style === "PLAIN" || text.startsWith("'"))) return text;
  }
  // JSON's string syntax is YAML's double-quoted scalar.
  return JSON.stringify(value);
}

function renderIntent(
  fields: readonly (readonly [string, FieldValue])[],
  layout: IntentLayout,
): string[] {
  const keyIndent = " ".repeat(layout.keyColumn);
  const lines: string[] = [];
  for (const [key, value] of fields) {
    if (typeof value === "string") {
      lines.push(`${keyIndent}${key}: ${render(value, layout.scalar)}`);
    } else if (value.length === 0 || layout.flowLists) {
      const items = value.map((item) => render(item, layout.listScalar)).join(", ");
      const pad = layout.padded && value.length > 0 ? " " : "";
      lines.push(`${keyIndent}${key}: [${pad}${items}${pad}]`);
    } else {
      lines.push(`${keyIndent}${key}:`);
      const itemIndent = " ".repeat(layout.keyColumn + layout.listOffset);
      for (const item of value) lines.push(`${itemIndent}- ${render(item, layout.listScalar)}`);
    }
  }
  const first = lines[0];
  if (first !== undefined) {
    const gap = Math.max(1, layout.keyColumn - layout.dashColumn - 1);
    lines[0] = `${" ".repeat(layout.dashColumn)}-${" ".repeat(gap)}${first.trimStart()}`;
  }
  return lines;
}
