import type { AfterToolFindings, Escape, StateTampering } from "../../core/agent/agent-outcome.js";
import { shellQuote } from "../../core/text/shell-quote.js";
import { plainStyle } from "../text/style.js";
import { formatVerdictText } from "./verdict-text.js";

const askPerson = "An agent does not change what watches it: tell the person you work for.";

/**
 * What an agent is told after a tool ran, one paragraph per finding (after-tool findings in
 * core/agent/agent-outcome.ts): read by a model, so plain text, each with what happened, what it
 * means, and the next step — the exact undo of an escape, or the person to ask.
 */
export function afterToolText(findings: AfterToolFindings, command: string): string {
  const paragraphs: string[] = [];
  if (findings.outOfScope) {
    const { files, verdict } = findings.outOfScope;
    const text = verdict ? formatVerdictText(verdict, plainStyle, command).trimEnd() : "";
    paragraphs.push(
      `intentguard: the shell command changed ${files.length === 1 ? "a file" : `${files.length} files`} outside what this intent may touch (${files.join(", ")}). A commit of them will be refused: undo those changes (git checkout -- <path>, or remove new files) before going on.${text ? `\n${text}` : ""}`,
    );
  }
  for (const found of findings.escapes) paragraphs.push(escapeText(found));
  if (findings.gate.length > 0) {
    paragraphs.push(
      `intentguard: the shell command changed the settings that gate this agent (${findings.gate.join(", ")}). ${askPerson} They put it back (${command} doctor shows where the gate stands).`,
    );
  }
  if (findings.gateBetween.length > 0) {
    paragraphs.push(
      `intentguard: between this agent's shell commands — by a process left running, a tool no hook sees, or a person — the settings that gate this agent changed (${findings.gateBetween.join(", ")}). ${askPerson} They put it back (${command} doctor shows where the gate stands).`,
    );
  }
  if (findings.planted.length > 0) {
    paragraphs.push(
      `intentguard: ${findings.planted.join(", ")} ${findings.planted.length === 1 ? "is a .git" : "are .git entries"} below the repository's root that no registration accounts for (a linked work tree or a submodule would be registered): git and intentguard would take ${findings.planted.length === 1 ? "its folder" : "their folders"} for a repository of its own. Writes there are still judged where they really are. ${askPerson} They remove it.`,
    );
  }
  for (const tampering of findings.tampering) paragraphs.push(tamperingText(tampering));
  return paragraphs.join("\n");
}

/**
 * An escape and its exact undo: the branch (or HEAD) put back where it was, its work kept staged
 * where it is checked out, so that it can be committed again through the gate.
 */
function escapeText(found: Escape): string {
  const shown = found.commits.map((commit) => commit.slice(0, 12));
  const name = found.ref === "HEAD" ? "the detached HEAD" : found.ref.replace(/^refs\/heads\//, "");
  const who = found.between
    ? "between this agent's shell commands, something (a process left running, a tool no hook sees, or a person) put"
    : "the shell command put";
  return `intentguard: ${who} ${found.commits.length === 1 ? "a commit" : `${found.commits.length} commits`} on ${name} past the commit gate (${shown.join(", ")}): none has a trace record and none was refused, so ${found.commits.length === 1 ? "it was" : "they were"} committed with the hooks off or written into the ref by hand. A push of ${found.commits.length === 1 ? "it" : "them"} is refused, and CI and the server refuse what is out of scope whatever happens here. Undo it: ${undoText(found)}. Then ${askPerson.charAt(0).toLowerCase()}${askPerson.slice(1)}`;
}

export function undoText(found: Escape): string {
  if (found.checkedOut) {
    const back = found.old ?? `${found.commits[0]}^`;
    return `git reset --soft ${shellQuote(back)} (the branch goes back; the work stays, staged, for a commit through the gate)`;
  }
  return found.old === null
    ? `git update-ref -d ${shellQuote(found.ref)} ${found.new}`
    : `git update-ref ${shellQuote(found.ref)} ${found.old} ${found.new}`;
}

function tamperingText(found: StateTampering): string {
  switch (found.kind) {
    case "snapshot-missing":
      return `intentguard: the snapshot its pre-write hook took of ${found.files.join(", ")} is gone, so what this tool call wrote cannot be told apart: what intentguard keeps in git's directory was changed other than by intentguard. ${askPerson}`;
    case "shell-snapshot-missing":
      return `intentguard: the state it took before this shell command is gone, so what the command did could not be checked: what intentguard keeps in git's directory was changed other than by intentguard. ${askPerson}`;
    case "observations":
      return `intentguard: what intentguard had observed this agent writing${found.files.length > 0 ? ` (${found.files.join(", ")})` : ""} was ${found.how} other than by intentguard. It was put back, and the lines it covered will be recorded as nobody's (unattributed, with this reason) when they are committed. ${askPerson}`;
    case "own-ref":
      return `intentguard: ${found.ref} (the trace records) was ${found.how} other than by intentguard. ${askPerson}`;
    case "log":
      return `intentguard: the log of the writes intentguard observed (checkpoints.jsonl) was shortened or removed. ${askPerson}`;
    case "escapes":
      return `intentguard: the list of commits that got past the commit gate lost some that still stand: they were put back, and pushes of them are still refused. ${askPerson}`;
  }
}

/**
 * Escapes still standing, for status, doctor, the landing hook and pre-push: a paragraph each,
 * with the exact undo. `agent`: said to an agent, which asks a person rather than push around it.
 */
export function standingEscapesText(
  escapes: readonly (Escape & { at: string; agent: string })[],
  agent: boolean,
): string {
  return escapes
    .map((found) => {
      const name =
        found.ref === "HEAD" ? "the detached HEAD" : found.ref.replace(/^refs\/heads\//, "");
      const commits = found.commits.map((commit) => commit.slice(0, 12)).join(", ");
      return `intentguard: ${found.commits.length === 1 ? "a commit" : `${found.commits.length} commits`} on ${name} got past the commit gate (${commits}; seen ${found.between ? "between shell commands" : "after a shell command"} of ${found.agent} at ${found.at}): pushes of ${found.commits.length === 1 ? "it" : "them"} are refused until it is undone: ${undoText(found)}.${agent ? ` ${askPerson}` : " A person who means to push them anyway pushes with INTENTGUARD=0 (CI and the server still judge them)."}`;
    })
    .join("\n");
}

/** Said by the landing hook when an agent's observations had been tampered with. */
export function observationsTamperedText(found: {
  how: "changed" | "removed";
  files: string[];
}): string {
  return `intentguard: what agents were observed writing here${found.files.length > 0 ? ` (${found.files.join(", ")})` : ""} had been ${found.how} other than by intentguard: the lines it covered are recorded as nobody's (unattributed), never as the committer's.`;
}
