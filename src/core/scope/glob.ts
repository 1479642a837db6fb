/**
 * Scope globs without regular expressions. picomatch compiles a glob to a backtracking regular
 * expression, and a hostile pattern (`**\/*(*.)min.js`, `**\/a*a*a*a*a*a*a*a*b`) then takes
 * seconds to minutes on one path: an intents file could hang every commit. Here a glob compiles
 * to plain JSON data (the rules cache stores it) and is matched segment by segment with the
 * classic wildcard algorithm, in O(path length × pattern length) at worst.
 *
 * The syntax is the subset of picomatch (`dot: true`, POSIX) a scope needs, with picomatch's
 * meaning on every plain repository path (no empty, `.` or `..` segment):
 *
 * - `*` any run of characters within one segment, dot files included; `?` one character, not `/`;
 * - `**` as a whole segment: any number of segments, none included (`src/**` matches `src`);
 *   elsewhere (`a**`, `**b`) it is a `*`;
 * - `[abc]`, `[a-z]`, `[^a]`, `[]a]` (a leading `]` is a member): one character; a class without
 *   regular-expression characters (`[id]`) also matches its own spelling, as in picomatch, so the
 *   Next.js folder `app/[id]` works;
 * - `{a,b}` alternatives, nested, with empty ones; `{a}` (no comma) is literal text;
 * - `(name)` (plain text only): picomatch reads it as a group matching `name`; it also matches the
 *   spelling `(name)`, so a Next.js route group `app/(marketing)/**` works.
 *
 * Everything else picomatch treats specially is refused with the reason and the fix: extglobs,
 * POSIX classes, `[!a]` (picomatch reads it as "`!` or `a`", not as a negation), brace ranges
 * `{1..3}`, `**` inside braces, three or more stars in a row, `|`, quotes, `+` or `?` after a
 * bracket or parenthesis (regex repetition), unbalanced braces or parentheses, backslashes and a
 * leading `!`.
 *
 * Two deliberate differences, both where picomatch is unsafe: `**` crosses names containing a line
 * break (picomatch's `.` does not, so `secrets/**` missed `secrets/a\nb`), and `(name)` matches
 * its spelling too.
 */

/** A character class: one UTF-16 code unit within (or, negated, outside) the inclusive ranges. */
export interface GlobClass {
  kind: "class";
  negated: boolean;
  ranges: [number, number][];
}

/**
 * One element of a path segment. A star `afterDot` (picomatch's `.*` at a segment start or inside
 * braces) never starts where the rest of the segment is empty or a single `.`.
 */
export type GlobToken =
  | { kind: "text"; text: string }
  | { kind: "one" }
  | { kind: "star"; afterDot?: true }
  | GlobClass;

/** One path segment of an alternative: `**` (any number of segments) or a run of tokens. */
export type GlobSegment = { kind: "globstar" } | { kind: "segment"; tokens: GlobToken[] };

/** A compiled glob, plain JSON data: a path matches when one alternative matches it. */
export interface CompiledGlob {
  alternatives: GlobSegment[][];
}

/** A pattern compiled: a glob, a plain name (no glob syntax), or why it is refused. */
export type GlobCompilation =
  | { ok: true; kind: "glob"; glob: CompiledGlob }
  | { ok: true; kind: "name" }
  | { ok: false; problem: string; fix: string };

/** At most this many alternatives after expanding braces, classes and groups. */
export const maxGlobAlternatives = 64;
/** At most this many characters and tokens over all alternatives: bounds the matching time. */
export const maxGlobSize = 4096;
const maxBraceDepth = 8;

/**
 * Compiles a normalised scope pattern. A pattern without glob syntax (`*`, `?`, a `[…]` class, a
 * `{…,…}` brace set, a `(…)` group) is a plain name, whatever other characters it has.
 */
export function compileGlob(pattern: string): GlobCompilation {
  // picomatch's fast path reads exactly these two as "a dot and at least one character after it".
  const source = fastPathQuirks.get(pattern) ?? pattern;
  let parsed: Parsed;
  try {
    parsed = parse(source);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem, fix: error.fix };
    throw error;
  }
  if (!parsed.glob) return { ok: true, kind: "name" };
  if (parsed.problem) return { ok: false, ...parsed.problem };
  if (source.length > maxGlobSize) return tooLong;
  return build(parsed.nodes);
}

const fastPathQuirks = new Map([
  ["*.*", "*.?*"],
  ["**/*.*", "**/*.?*"],
]);

// ---------------------------------------------------------------------------------------------
// Parsing

type Node =
  | { k: "char"; c: string }
  | { k: "star"; oneChar: boolean; afterDot: boolean }
  | { k: "one" }
  | { k: "class"; cls: GlobClass }
  | { k: "slash" }
  | { k: "globstar"; atLeastOne: boolean }
  | { k: "alt"; options: Node[][] };

type Flat = Exclude<Node, { k: "alt" }>;

interface Problem {
  problem: string;
  fix: string;
}

interface Parsed {
  nodes: Node[];
  glob: boolean;
  problem: Problem | undefined;
}

class Refusal extends Error {
  constructor(
    readonly problem: string,
    readonly fix: string,
  ) {
    super(problem);
  }
}

const repetitionFix =
  "glob syntax (picomatch's) reads it as a regular-expression repetition, which scopes do not support; remove it";
const extglobFix =
  "extglobs (*(…), +(…), ?(…), @(…), !(…)) are not supported: use *, ? or {a,b}, and put exclusions in forbidden_scope";
const classSpecial = /[-*+?.^${}(|)[\]]/;
const groupForbidden = /[*?[\]{}()|,"/+@!\\]/;

const chars = (text: string): Node[] => Array.from(text, (c) => ({ k: "char", c }) as const);

/**
 * Reads the pattern into nodes. A construct that is glob syntax and unsupported throws a Refusal;
 * a character that is special only in a glob (`|`, `"`, a lone brace…) is noted as the problem,
 * which counts only if the pattern turns out to be a glob.
 */
function parse(s: string): Parsed {
  let i = 0;
  let depth = 0;
  let glob = false;
  let problem: Problem | undefined;
  const note = (text: string, fix: string) => {
    problem ??= { problem: text, fix };
  };
  const refuse = (text: string, fix: string): never => {
    throw new Refusal(text, fix);
  };

  if (s.includes("\\")) refuse("contains a backslash", "use / as the path separator");
  if (s.startsWith("!")) {
    refuse("is a negated glob", "put the paths to exclude in forbidden_scope instead");
  }

  // picomatch reads `.` as a "dot" token at a segment start and anywhere inside braces.
  const isDotToken = (at: number) => s[at] === "." && (depth > 0 || at === 0 || s[at - 1] === "/");

  const sequence = (): Node[] => {
    const nodes: Node[] = [];
    while (i < s.length) {
      const c = s[i] as string;
      if (depth > 0 && (c === "," || c === "}")) break;
      switch (c) {
        case "/":
          nodes.push({ k: "slash" });
          i++;
          break;
        case "*":
          nodes.push(star());
          break;
        case "?":
          glob = true;
          if (s[i + 1] === "(") refuse('uses the extglob "?(…)"', extglobFix);
          if (s[i - 1] === ")") refuse('has "?" right after ")"', repetitionFix);
          nodes.push({ k: "one" });
          i++;
          break;
        case "[":
          nodes.push(...bracket());
          break;
        case "{":
          nodes.push(...brace());
          break;
        case "(":
          nodes.push(...group());
          break;
        case "}":
        case ")":
          note(`has an unbalanced "${c}"`, `balance it, or write [${c}] to match the character`);
          nodes.push({ k: "char", c });
          i++;
          break;
        case "|":
          note(
            'uses "|"',
            "glob syntax (picomatch's) reads it as a regular-expression alternation; use braces, e.g. {a,b}",
          );
          nodes.push({ k: "char", c });
          i++;
          break;
        case '"':
          note("uses a double quote", "glob syntax (picomatch's) strips quotes; remove them");
          nodes.push({ k: "char", c });
          i++;
          break;
        case "+":
          if (i > 0 && "[]{}()".includes(s[i - 1] as string)) {
            note(`has "+" right after "${s[i - 1]}"`, repetitionFix);
          }
          nodes.push({ k: "char", c });
          i++;
          break;
        case ".":
          if (depth > 0 && s[i + 1] === ".") {
            refuse(
              'uses a brace range "{a..b}"',
              "ranges are not supported; list the alternatives, e.g. {1,2,3}",
            );
          }
          nodes.push({ k: "char", c });
          i++;
          break;
        default:
          nodes.push({ k: "char", c });
          i++;
      }
    }
    return nodes;
  };

  const star = (): Node => {
    glob = true;
    let run = 1;
    while (s[i + run] === "*") run++;
    const start = i;
    i += run;
    if (s[i] === "(") refuse('uses the extglob "*(…)"', extglobFix);
    if (run >= 3) {
      // picomatch then rebuilds its regex from tokens that lost their escaping (`***/a.b`
      // matches `x/a/b`): there is no meaning to keep.
      refuse(
        `has "${"*".repeat(run)}"`,
        "write * for any name within a segment, or ** as a whole segment for any depth",
      );
    }
    const atSegmentStart = start === 0 || s[start - 1] === "/";
    if (depth > 0 && run >= 2) {
      refuse(
        "has ** inside {…}",
        "put ** outside the braces, e.g. {src,test}/**, or write separate patterns",
      );
    }
    if (run === 2 && atSegmentStart && s[i] === "{") {
      // picomatch keeps such a `**` a globstar, crossing `/` within the segment.
      refuse(
        'has "**" right before "{"',
        "write **/*{…} for names at any depth, or *{…} within one segment",
      );
    }
    if (run === 2 && atSegmentStart && (i === s.length || s[i] === "/")) {
      return { k: "globstar", atLeastOne: false };
    }
    // picomatch adds `(?=.)` (at least one character follows) to a lone `*` at a segment start.
    return { k: "star", oneChar: run === 1 && atSegmentStart, afterDot: isDotToken(start - 1) };
  };

  const bracket = (): Node[] => {
    const open = i;
    // picomatch: a `[` with no `]` anywhere after it is a literal character.
    if (s.indexOf("]", open + 1) < 0) {
      i++;
      return [{ k: "char", c: "[" }];
    }
    glob = true;
    let j = open + 1;
    if (s[j] === "!") {
      refuse(
        'has a character class starting with "!"',
        'glob syntax (picomatch\'s) reads [!a] as "! or a", not as a negation: write [^a] to exclude a, or [a!] for the characters',
      );
    }
    const negated = s[j] === "^";
    if (negated) j++;
    const first = j;
    if (s[j] === "]") j++; // a leading `]` is a member
    const close = s.indexOf("]", j);
    if (close < 0) {
      refuse(
        `has an unclosed character class "${s.slice(open)}"`,
        "close it with ]; a class needs at least one character",
      );
    }
    const body = s.slice(first, close);
    if (body.includes("/")) {
      refuse(
        `has "/" in the character class "${s.slice(open, close + 1)}"`,
        "a class matches one character of a path segment; use {a,b} for alternatives across segments",
      );
    }
    if (/\[[:.=]/.test(body) || (body.includes("[") && body.includes(":"))) {
      refuse(
        `has a POSIX class in "${s.slice(open, close + 1)}"`,
        "POSIX classes are not supported; spell the characters out, e.g. [a-zA-Z0-9]",
      );
    }
    const ranges: [number, number][] = [];
    for (let k = 0; k < body.length; ) {
      const low = body.charCodeAt(k);
      if (body[k + 1] === "-" && k + 2 < body.length) {
        const high = body.charCodeAt(k + 2);
        if (high < low) {
          refuse(
            `has the out-of-order range "${body.slice(k, k + 3)}" in a character class`,
            "write the lower character first, e.g. [a-z]",
          );
        }
        ranges.push([low, high]);
        k += 3;
      } else {
        ranges.push([low, low]);
        k += 1;
      }
    }
    i = close + 1;
    const cls: Node = { k: "class", cls: { kind: "class", negated, ranges } };
    // picomatch: a class without regular-expression characters also matches its own spelling.
    if (classSpecial.test(s.slice(open + 1, close))) return [cls];
    return [{ k: "alt", options: [[cls], chars(s.slice(open, close + 1))] }];
  };

  const brace = (): Node[] => {
    depth++;
    if (depth > maxBraceDepth) {
      refuse(
        `nests braces more than ${maxBraceDepth} deep`,
        "flatten the alternatives or write separate patterns",
      );
    }
    i++;
    const options = [sequence()];
    while (s[i] === ",") {
      i++;
      options.push(sequence());
    }
    depth--;
    if (s[i] !== "}") {
      note('has an unbalanced "{"', "balance it, or write [{] to match the character");
      const nodes: Node[] = [{ k: "char", c: "{" }];
      options.forEach((option, index) => {
        if (index > 0) nodes.push({ k: "char", c: "," });
        nodes.push(...option);
      });
      return nodes;
    }
    i++;
    if (options.length === 1) {
      // picomatch: braces without a comma are literal text.
      return [{ k: "char", c: "{" }, ...(options[0] as Node[]), { k: "char", c: "}" }];
    }
    glob = true;
    return [{ k: "alt", options }];
  };

  const group = (): Node[] => {
    const before = s[i - 1] ?? "";
    if (before !== "" && "+@!".includes(before)) {
      glob = true;
      refuse(`uses the extglob "${before}(…)"`, extglobFix);
    }
    const close = s.indexOf(")", i + 1);
    if (close < 0) {
      note('has an unbalanced "("', "balance it, or write [(] to match the character");
      i++;
      return [{ k: "char", c: "(" }];
    }
    glob = true;
    const content = s.slice(i + 1, close);
    if (content === "" || groupForbidden.test(content) || (depth > 0 && content.includes(".."))) {
      refuse(
        `has the group "${s.slice(i, close + 1)}"`,
        "a group (…) may only hold a plain name, e.g. app/(marketing)/**; use {a,b} for alternatives",
      );
    }
    const after = s[close + 1];
    if (after === "+" || after === "?") {
      refuse(`has "${after}" right after ")"`, repetitionFix);
    }
    i = close + 1;
    return [{ k: "alt", options: [chars(`(${content})`), chars(content)] }];
  };

  const nodes = sequence();
  return { nodes, glob, problem };
}

// ---------------------------------------------------------------------------------------------
// Building the alternatives

function build(parsedNodes: Node[]): GlobCompilation {
  const nodes = collapseGlobstars(parsedNodes);
  if (countAlternatives(nodes) > maxGlobAlternatives) {
    return {
      ok: false,
      problem: `expands to more than ${maxGlobAlternatives} alternatives`,
      fix: "split it into several patterns",
    };
  }
  const alternatives: GlobSegment[][] = [];
  for (const flat of expand(nodes)) {
    const raw = splitSegments(flat);
    const candidates = [raw, ...globstarCollapses(raw)];
    for (const candidate of candidates) {
      // An empty segment (from `{a,}/b`, say) never matches a plain path: drop the alternative.
      if (candidate.some((segment) => segment !== "globstar" && segment.length === 0)) continue;
      alternatives.push(candidate.map(toSegment));
    }
  }
  const size = alternatives.reduce((sum, alternative) => sum + sizeOf(alternative), 0);
  if (size > maxGlobSize) return tooLong;
  return { ok: true, kind: "glob", glob: { alternatives } };
}

const tooLong: GlobCompilation = {
  ok: false,
  problem: `expands to more than ${maxGlobSize} characters`,
  fix: "shorten it or split it into several patterns",
};

/**
 * Merges consecutive `**` segments into one, and marks a trailing `/**` right after a `*` (as in
 * `x*` then `/**`), which picomatch reads as "one or more segments" rather than "none or more".
 */
function collapseGlobstars(nodes: Node[]): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    const last = out.length;
    if (node.k === "globstar" && out[last - 1]?.k === "slash" && out[last - 2]?.k === "globstar") {
      out.pop();
      continue;
    }
    out.push(node);
  }
  const end = out.length - 1;
  const tail = out[end];
  if (tail?.k === "globstar" && out[end - 1]?.k === "slash" && out[end - 2]?.k === "star") {
    out[end] = { k: "globstar", atLeastOne: true };
  }
  return out;
}

function countAlternatives(nodes: Node[]): number {
  let count = 1;
  for (const node of nodes) {
    if (node.k !== "alt") continue;
    let sum = 0;
    for (const option of node.options) sum += countAlternatives(option);
    count = Math.min(count * sum, maxGlobAlternatives + 1);
  }
  return count;
}

function expand(nodes: Node[]): Flat[][] {
  let results: Flat[][] = [[]];
  for (const node of nodes) {
    if (node.k !== "alt") {
      for (const result of results) result.push(node);
      continue;
    }
    const tails = node.options.flatMap(expand);
    results = results.flatMap((head) => tails.map((tail) => [...head, ...tail]));
  }
  return results;
}

type RawSegment = Flat[] | "globstar";

function splitSegments(flat: Flat[]): RawSegment[] {
  const segments: RawSegment[] = [];
  let current: RawSegment = [];
  for (const node of flat) {
    if (node.k === "slash") {
      segments.push(current);
      current = [];
    } else if (node.k === "globstar") {
      // A globstar is a whole segment: `/` or the pattern's edge on both sides.
      if (node.atLeastOne) segments.push([{ k: "star", oneChar: false, afterDot: false }]);
      current = "globstar";
    } else if (current !== "globstar") {
      current.push(node);
    }
  }
  segments.push(current);
  return segments;
}

/**
 * picomatch reads a middle globstar, P then `/**` then `/R`, as `P(?:\/…\/|\/|$)R`: besides
 * any number of segments, it matches P alone when all of R can match the empty string, which R
 * can when its segments can and each is joined to the next by a `**` (a plain `/` must match).
 * Returns those prefixes P.
 */
function globstarCollapses(raw: RawSegment[]): RawSegment[][] {
  const prefixes: RawSegment[][] = [];
  let restCanBeEmpty = true;
  let followedBySegment = false;
  for (let j = raw.length - 1; j > 0; j--) {
    const segment = raw[j] as RawSegment;
    if (segment === "globstar") {
      if (restCanBeEmpty && j < raw.length - 1) prefixes.push(raw.slice(0, j));
      followedBySegment = false;
    } else {
      restCanBeEmpty &&= !followedBySegment && canBeEmpty(segment);
      followedBySegment = true;
    }
  }
  return prefixes;
}

/** Whether picomatch would let the segment match the empty string (only stars, no `(?=.)`). */
function canBeEmpty(segment: Flat[]): boolean {
  const first = segment[0];
  if (first?.k === "star" && first.oneChar) return false;
  return segment.every((node) => node.k === "star" && !node.afterDot);
}

function toSegment(raw: RawSegment): GlobSegment {
  if (raw === "globstar") return { kind: "globstar" };
  const tokens: GlobToken[] = [];
  for (const node of raw) {
    const previous = tokens[tokens.length - 1];
    switch (node.k) {
      case "char":
        if (previous?.kind === "text") previous.text += node.c;
        else tokens.push({ kind: "text", text: node.c });
        break;
      case "star":
        if (previous?.kind === "star") break; // `**` within a segment is one `*`
        tokens.push(node.afterDot ? { kind: "star", afterDot: true } : { kind: "star" });
        break;
      case "one":
        tokens.push({ kind: "one" });
        break;
      case "class":
        tokens.push(node.cls);
        break;
      default:
        // slashes and globstars never reach a segment
        break;
    }
  }
  return { kind: "segment", tokens };
}

function sizeOf(alternative: GlobSegment[]): number {
  let size = 0;
  for (const segment of alternative) {
    size += 1;
    if (segment.kind === "segment") {
      for (const token of segment.tokens) size += token.kind === "text" ? token.text.length : 1;
    }
  }
  return size;
}

// ---------------------------------------------------------------------------------------------
// Matching

const ONE = -1;
const STAR = -2;
const STAR_AFTER_DOT = -3;
const CLASS = -4; // class k is CLASS - k

/** A segment as the matcher reads it: one code per unit. */
interface Units {
  codes: Int32Array;
  classes: GlobClass[];
}

/**
 * An alternative as the matcher reads it: its leading literal segments as one string, the text
 * its last segment must end with, and the segments after the prefix (null for `**`).
 */
interface Prepared {
  prefix: string;
  suffix: string;
  segments: (Units | null)[];
}

/**
 * Turns a compiled glob into a predicate on paths. Building it allocates; matching does not, and
 * takes O(path length × pattern size) at worst.
 */
export function globMatcher(glob: CompiledGlob): (path: string) => boolean {
  const alternatives = glob.alternatives.map(prepare);
  return (path) => {
    for (const alternative of alternatives) if (matchAlternative(alternative, path)) return true;
    return false;
  };
}

function prepare(alternative: GlobSegment[]): Prepared {
  let literal = 0;
  const literalText = (segment: GlobSegment | undefined) =>
    segment?.kind === "segment" && segment.tokens.length === 1 && segment.tokens[0]?.kind === "text"
      ? segment.tokens[0].text
      : undefined;
  const leading: string[] = [];
  for (let text = literalText(alternative[0]); text !== undefined; ) {
    leading.push(text);
    literal++;
    text = literalText(alternative[literal]);
  }
  const last = alternative[alternative.length - 1];
  const lastToken = last?.kind === "segment" ? last.tokens[last.tokens.length - 1] : undefined;
  return {
    prefix: leading.join("/"),
    suffix: lastToken?.kind === "text" ? lastToken.text : "",
    segments: alternative.slice(literal).map(toUnits),
  };
}

function matchAlternative({ prefix, suffix, segments }: Prepared, path: string): boolean {
  if (!path.endsWith(suffix)) return false;
  if (prefix === "") return matchSegments(segments, path, 0);
  if (!path.startsWith(prefix)) return false;
  if (path.length === prefix.length) return segments.every((segment) => segment === null);
  return path.charCodeAt(prefix.length) === 47 && matchSegments(segments, path, prefix.length + 1);
}

function toUnits(segment: GlobSegment): Units | null {
  if (segment.kind === "globstar") return null;
  const codes: number[] = [];
  const classes: GlobClass[] = [];
  for (const token of segment.tokens) {
    switch (token.kind) {
      case "text":
        for (let k = 0; k < token.text.length; k++) codes.push(token.text.charCodeAt(k));
        break;
      case "one":
        codes.push(ONE);
        break;
      case "star":
        codes.push(token.afterDot ? STAR_AFTER_DOT : STAR);
        break;
      case "class":
        codes.push(CLASS - classes.length);
        classes.push(token);
        break;
    }
  }
  return { codes: Int32Array.from(codes), classes };
}

/**
 * Matches the path's `/`-separated segments from index `from`: `**` is a star over whole
 * segments, every other segment matches exactly one path segment, so the classic greedy
 * algorithm with one backtrack point (the last `**`) is exact.
 */
function matchSegments(segments: (Units | null)[], path: string, from: number): boolean {
  const n = path.length;
  const m = segments.length;
  let at = from; // start of the current path segment; n + 1 once every segment is used
  let j = 0;
  let starJ = -1;
  let starAt = 0;
  while (at <= n) {
    if (j < m) {
      const segment = segments[j];
      if (segment === null) {
        starJ = j++;
        starAt = at;
        continue;
      }
      const end = segmentEnd(path, at);
      if (segment !== undefined && matchUnits(segment, path, at, end)) {
        j++;
        at = end + 1;
        continue;
      }
    }
    if (starJ < 0) return false;
    starAt = segmentEnd(path, starAt) + 1;
    at = starAt;
    j = starJ + 1;
  }
  while (j < m && segments[j] === null) j++;
  return j === m;
}

function segmentEnd(path: string, at: number): number {
  const end = path.indexOf("/", at);
  return end < 0 ? path.length : end;
}

/** The classic wildcard match of one segment, path[start, end), with one backtrack point. */
function matchUnits(units: Units, path: string, start: number, end: number): boolean {
  const { codes, classes } = units;
  const m = codes.length;
  let i = start;
  let k = 0;
  let starK = -1;
  let starI = 0;
  while (i < end) {
    if (k < m) {
      const code = codes[k] as number;
      if (code >= 0) {
        if (path.charCodeAt(i) === code) {
          i++;
          k++;
          continue;
        }
      } else if (code === ONE) {
        i++;
        k++;
        continue;
      } else if (code === STAR || (code === STAR_AFTER_DOT && !restIsDotOrEmpty(path, i, end))) {
        starK = k++;
        starI = i;
        continue;
      } else if (code <= CLASS && inClass(classes[CLASS - code], path.charCodeAt(i))) {
        i++;
        k++;
        continue;
      }
    }
    if (starK < 0) return false;
    k = starK + 1;
    i = ++starI;
  }
  while (k < m && codes[k] === STAR) k++;
  return k === m;
}

function restIsDotOrEmpty(path: string, i: number, end: number): boolean {
  return i === end || (i + 1 === end && path.charCodeAt(i) === 46);
}

function inClass(cls: GlobClass | undefined, code: number): boolean {
  if (cls === undefined) return false;
  let inside = false;
  for (const [low, high] of cls.ranges) {
    if (code >= low && code <= high) {
      inside = true;
      break;
    }
  }
  return inside !== cls.negated;
}
