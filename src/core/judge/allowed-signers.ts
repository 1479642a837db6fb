import { createHash } from "node:crypto";

/**
 * The allowed signers file git verifies SSH signatures with (gpg.ssh.allowedSignersFile), read as
 * ssh-keygen reads it (ssh-keygen(1), "ALLOWED SIGNERS"): one entry a line,
 * `principals [options] keytype base64-key [comment]`. git has ssh-keygen check a key's
 * `valid-after`/`valid-before` at the commit's committer date, which the committer chooses; this
 * lets a key be checked at another instant (now). Pure: the file arrives as text.
 */

/** One entry of the file. */
export interface AllowedSigner {
  /** 1-based, as an editor counts. */
  line: number;
  /** The principals, a pattern-list as written (unquoted): `alice@example.com,*@ops.example.com`. */
  principals: string;
  /** `cert-authority`: a CA, whose certificates sign; not a key that signs itself. */
  certAuthority: boolean;
  /** `namespaces="…"`: the pattern-list of namespaces the key may sign in; null: any. */
  namespaces: string | null;
  validAfter: SignerTime | null;
  validBefore: SignerTime | null;
  /** The key's `SHA256:` fingerprint: how git names a signing key (`%GK`, `%GF`). */
  fingerprint: string;
}

/** A `valid-after` or `valid-before` time, as written and as the instant it names. */
export interface SignerTime {
  written: string;
  /** Seconds since the epoch. */
  seconds: number;
}

/**
 * The entries of the file. Blank lines, lines starting with `#` and lines ssh-keygen refuses (an
 * unknown option, an unterminated quote, a time it cannot read, no key) are skipped: ssh-keygen
 * never vouches for a key through them either.
 */
export function parseAllowedSigners(text: string): AllowedSigner[] {
  return text.split("\n").flatMap((line, index) => {
    const entry = parseEntry(line.replace(/\r$/, ""), index + 1);
    return entry ? [entry] : [];
  });
}

/** `SHA256:` and the unpadded base64 of the SHA-256 of the key's blob, as ssh-keygen -l prints. */
export function sshFingerprint(base64Key: string): string {
  const digest = createHash("sha256").update(Buffer.from(base64Key, "base64")).digest("base64");
  return `SHA256:${digest.replace(/=+$/, "")}`;
}

/**
 * What the file says of a signing key at an instant: valid; no entry for it; or, for its first
 * entry, that the instant is past the entry's window (`time` is its valid-before) or before it
 * (its valid-after).
 */
export type SignerValidity =
  | { valid: true }
  | { valid: false; reason: "no-entry" }
  | ({ valid: false; entry: AllowedSigner } & OutsideWindow);

interface OutsideWindow {
  reason: "expired" | "not-yet-valid";
  time: SignerTime;
}

/**
 * Whether the file vouches, at an instant, for the key git verified a signature with under a
 * principal (`%GK`, `%GS`): some entry for that key matches the principal and the namespace `git`,
 * and the instant is within its window — ssh-keygen's test, at another instant than the committer
 * date. A certificate's key has no entry of its own: its certificate authorities' entries for the
 * principal stand in (git's output does not say which CA signed it).
 */
export function signerValidityAt(
  signers: readonly AllowedSigner[],
  signature: { signer: string; key: string },
  seconds: number,
): SignerValidity {
  const named = signers.filter(
    (entry) =>
      matchPatternList(signature.signer, entry.principals) === 1 &&
      (entry.namespaces === null || matchPatternList("git", entry.namespaces) === 1),
  );
  const own = named.filter((entry) => !entry.certAuthority && entry.fingerprint === signature.key);
  const entries = own.length > 0 ? own : named.filter((entry) => entry.certAuthority);
  let first: SignerValidity = { valid: false, reason: "no-entry" };
  for (const entry of entries) {
    const outside = outsideWindow(entry, seconds);
    if (outside === null) return { valid: true };
    if (first.valid === false && first.reason === "no-entry")
      first = { valid: false, entry, ...outside };
  }
  return first;
}

/** ssh-keygen's window test: before valid-after, or after valid-before; null: within. */
function outsideWindow(entry: AllowedSigner, seconds: number): OutsideWindow | null {
  if (entry.validAfter && seconds < entry.validAfter.seconds) {
    return { reason: "not-yet-valid", time: entry.validAfter };
  }
  if (entry.validBefore && seconds > entry.validBefore.seconds) {
    return { reason: "expired", time: entry.validBefore };
  }
  return null;
}

interface Options {
  certAuthority: boolean;
  namespaces: string | null;
  validAfter: SignerTime | null;
  validBefore: SignerTime | null;
}

const noOptions: Options = {
  certAuthority: false,
  namespaces: null,
  validAfter: null,
  validBefore: null,
};

/** One line, as sshsig.c's parse_principals_key_and_options reads it; null: no entry. */
function parseEntry(line: string, number: number): AllowedSigner | null {
  const text = line.replace(/^[ \t]+/, "");
  if (text === "" || text.startsWith("#")) return null;
  const principals = firstWord(text);
  if (!principals || principals.word === "") return null;
  let options = noOptions;
  let key = keyAt(principals.rest);
  if (key === null) {
    const end = optionsEnd(principals.rest);
    const parsed = end === null ? null : parseOptions(principals.rest.slice(0, end));
    if (end === null || parsed === null) return null;
    options = parsed;
    key = keyAt(principals.rest.slice(end).replace(/^[ \t]+/, ""));
  }
  if (key === null) return null;
  return {
    line: number,
    principals: principals.word,
    ...options,
    fingerprint: sshFingerprint(key),
  };
}

/**
 * The principals: up to a blank, or, from a double quote, up to the next one (the quotes
 * removed), as ssh's strdelimw splits; then the blanks after it. Null: an unterminated quote.
 */
function firstWord(text: string): { word: string; rest: string } | null {
  const stop = text.search(/[ \t"]/);
  if (stop === -1) return { word: text, rest: "" };
  if (text[stop] !== '"') {
    return { word: text.slice(0, stop), rest: text.slice(stop).replace(/^[ \t]+/, "") };
  }
  const close = text.indexOf('"', stop + 1);
  if (close === -1) return null;
  return {
    word: text.slice(0, stop) + text.slice(stop + 1, close),
    rest: text.slice(close + 1).replace(/^[ \t]+/, ""),
  };
}

/** The base64 blob of the key `text` starts with (`keytype base64`), when it is one. */
function keyAt(text: string): string | null {
  const match = /^([A-Za-z0-9@.-]+)[ \t]+([A-Za-z0-9+/]+={0,2})(?=[ \t]|$)/.exec(text);
  if (!match) return null;
  const [, type = "", base64 = ""] = match;
  // The blob names its own type (a word that only looks like a key type is an option), then
  // holds the key.
  const blob = Buffer.from(base64, "base64");
  if (blob.length < 4) return null;
  const end = 4 + blob.readUInt32BE(0);
  return end < blob.length && blob.subarray(4, end).toString("latin1") === type ? base64 : null;
}

/** Where the options end: the first blank outside double quotes (`\"` does not close one). */
function optionsEnd(text: string): number | null {
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === "\\" && text[at + 1] === '"') at += 1;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && (char === " " || char === "\t")) return at;
  }
  return null; // no key after the options, or a quote left open
}

/** The options ssh-keygen knows for an allowed signer (sshsig.c's sshsigopt_parse); null: refused. */
function parseOptions(text: string): Options | null {
  const options = { ...noOptions };
  const seen = new Set<string>();
  let rest = text;
  do {
    const valued = /^(namespaces|valid-after|valid-before)="((?:\\"|[^"])*)"/i.exec(rest);
    const option = valued ?? /^cert-authority(?=,|$)/i.exec(rest);
    if (!option) return null;
    if (valued) {
      const name = (valued[1] ?? "").toLowerCase();
      const value = (valued[2] ?? "").replaceAll('\\"', '"');
      if (seen.has(name)) return null;
      seen.add(name);
      if (name === "namespaces") {
        options.namespaces = value;
      } else {
        const time = parseSignerTime(value);
        if (time === null) return null;
        options[name === "valid-after" ? "validAfter" : "validBefore"] = time;
      }
    } else {
      options.certAuthority = true;
    }
    rest = rest.slice(option[0].length);
    if (rest.startsWith(",")) {
      rest = rest.slice(1);
      if (rest === "") return null; // a trailing comma
    } else if (rest !== "") {
      return null;
    }
  } while (rest !== "");
  const { validAfter, validBefore } = options;
  if (validAfter && validBefore && validBefore.seconds <= validAfter.seconds) return null;
  return options;
}

/**
 * `YYYYMMDD[HHMM[SS]]`, followed by `Z` (or `UTC`) for UTC; without it the machine's local time
 * (the time zone of this process, TZ, which git hands on to ssh-keygen). ssh-keygen's mktime
 * reads a local time as standard time, so inside daylight saving time the two can differ by
 * that hour.
 */
function parseSignerTime(written: string): SignerTime | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(z|utc)?$/i.exec(written);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((digits) => Number(digits ?? 0));
  // The ranges strptime accepts (a day past the month's end rolls over, as mktime rolls it).
  const inRange = year >= 1970 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23;
  if (!inRange || minute > 59 || second > 60) return null;
  const milliseconds = match[7]
    ? Date.UTC(year, month - 1, day, hour, minute, second)
    : new Date(year, month - 1, day, hour, minute, second).getTime();
  const seconds = Math.floor(milliseconds / 1000);
  return seconds > 0 ? { written, seconds } : null;
}

/**
 * ssh's match_pattern_list: 1 when a pattern of the comma-separated list matches, -1 when a
 * negated one (`!pattern`) does, else 0. `*` matches any run of characters, `?` one.
 */
export function matchPatternList(text: string, list: string): -1 | 0 | 1 {
  let matched: 0 | 1 = 0;
  for (const item of list.split(",")) {
    const negated = item.startsWith("!");
    if (!matchPattern(text, negated ? item.slice(1) : item)) continue;
    if (negated) return -1;
    matched = 1;
  }
  return matched;
}

/** A wildcard match in linear passes (no backtracking regular expression). */
function matchPattern(text: string, pattern: string): boolean {
  let at = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (at < text.length) {
    if (pattern[p] === "*") {
      star = p;
      p += 1;
      resume = at;
    } else if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[at])) {
      at += 1;
      p += 1;
    } else if (star !== -1) {
      p = star + 1;
      resume += 1;
      at = resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === "*") p += 1;
  return p === pattern.length;
}
