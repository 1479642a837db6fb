import { readFileSync } from "node:fs";
import { parseTrailerLines, type Trailer } from "../core/trailers.js";
import { gitText, runGit } from "./exec.js";

/**
 * The message's trailers as git parses them (comments, the scissors line, folding). A message is
 * a message, not a patch: `---` in it is text (`--no-divider`), as git reads a commit's trailers
 * (`%(trailers)`); else a trailer added after a `---` line would be one git never sees.
 */
export async function readTrailers(dir: string, messageFile: string): Promise<Trailer[]> {
  return parseTrailerLines(
    await gitText(dir, ["interpret-trailers", "--parse", "--no-divider", messageFile]),
  );
}

/**
 * Adds trailers in place, after any existing ones, each only when the message has no trailer
 * with that key (a message's own `Intent:` or `Contributor-Type:` is left alone).
 */
export async function addTrailers(
  dir: string,
  messageFile: string,
  trailers: readonly Trailer[],
): Promise<void> {
  if (trailers.length === 0) return;
  const args = [
    "interpret-trailers",
    "--in-place",
    "--no-divider",
    "--where",
    "end",
    "--if-exists",
    "doNothing",
  ];
  for (const { key, value } of trailers) args.push("--trailer", `${key}: ${value}`);
  await runGit(dir, [...args, messageFile]);
}

// git's cut line for `commit -v`: the comment character, then this; everything below is a diff.
const scissors = /^. -{24} >8 -{24}$/m;

/**
 * Whether git will abort the commit for an empty message. A hook must not add a trailer then:
 * the trailer alone would turn an aborted commit into a real one.
 */
export async function messageIsEmpty(dir: string, messageFile: string): Promise<boolean> {
  const text = readFileSync(messageFile, "utf8");
  const cut = scissors.exec(text);
  const message = cut ? text.slice(0, cut.index) : text;
  const stripped = await gitText(dir, ["stripspace", "--strip-comments"], { input: message });
  return stripped.trim() === "";
}
