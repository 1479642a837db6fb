import { readFileSync } from "node:fs";
import { gitText, runGit } from "./exec.js";

export interface Trailer {
  key: string;
  value: string;
}

/** The message's trailers as git parses them (comments, the scissors line, folding). */
export async function readTrailers(messageFile: string): Promise<Trailer[]> {
  const text = await gitText(["interpret-trailers", "--parse", messageFile]);
  return text
    .split("\n")
    .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ key: (match[1] ?? "").trim(), value: (match[2] ?? "").trim() }));
}

export function trailerValues(trailers: readonly Trailer[], key: string): string[] {
  const wanted = key.toLowerCase();
  return trailers.filter((trailer) => trailer.key.toLowerCase() === wanted).map((t) => t.value);
}

/** Adds trailers in place, after any existing ones, the way `git commit --trailer` would. */
export async function addTrailers(
  messageFile: string,
  trailers: readonly Trailer[],
): Promise<void> {
  if (trailers.length === 0) return;
  const args = [
    "interpret-trailers",
    "--in-place",
    "--where",
    "end",
    "--if-exists",
    "addIfDifferent",
  ];
  for (const { key, value } of trailers) args.push("--trailer", `${key}: ${value}`);
  await runGit([...args, messageFile]);
}

// git's cut line for `commit -v`: the comment character, then this; everything below is a diff.
const scissors = /^. -{24} >8 -{24}$/m;

/**
 * Whether git will abort the commit for an empty message. A hook must not add a trailer then:
 * the trailer alone would turn an aborted commit into a real one.
 */
export async function messageIsEmpty(messageFile: string): Promise<boolean> {
  const text = readFileSync(messageFile, "utf8");
  const cut = scissors.exec(text);
  const message = cut ? text.slice(0, cut.index) : text;
  const stripped = await gitText(["stripspace", "--strip-comments"], { input: message });
  return stripped.trim() === "";
}
