import { carryAttribution, commonIntent } from "../../core/trace/carry-attribution.js";
import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { readNotes, writeNote } from "../../git/notes.js";
import { locateRepo, type Repo } from "../../git/repo.js";
import { attributedLines, recordsInNote, recordsToNote } from "../../trace/note-records.js";
import { recordCommit } from "../../trace/record-commit.js";
import { recordEvent } from "../record-event.js";
import { reportHookError } from "./report-hook-error.js";

/**
 * post-rewrite (`amend` or `rebase`; stdin: "<old> <new>" per rewritten commit): gives every new
 * commit exactly one record, keyed to its SHA, with ranges recomputed from its own diff and the
 * intent and contributors carried over from the old records. Commits squashed or fixed up into
 * one new commit have their records merged into its one record. Never fails the rewrite.
 */
export async function run(args: string[], env: Environment): Promise<ExitCode> {
  const rewrites = groupByNewCommit(await readStdin());
  const hook = `post-rewrite (${args[0] ?? "rewrite"})`;
  let repo: Repo | null = null;
  try {
    repo = await locateRepo(env.cwd);
    const notes = await readNotes(repo.root, [...rewrites.values()].flat());
    for (const [commit, olds] of rewrites) {
      const oldRecords = olds.flatMap((old) => recordsInNote(notes.get(old)));
      try {
        const record = await recordCommit(repo.root, repo, commit, {
          contributorEnv: env.contributor,
          contributorOf: carryAttribution(oldRecords),
          intentFallback: commonIntent(oldRecords),
        });
        await writeNote(repo, commit, recordsToNote([record]));
        await recordEvent(repo, {
          event: "commit_traced",
          commit,
          intent_id: record.intent_id,
          record_id: record.id,
          files: record.files.length,
          lines: attributedLines(record),
          rewritten_from: olds,
        });
      } catch (error) {
        await reportHookError(repo, env, hook, commit, error);
      }
    }
  } catch (error) {
    await reportHookError(repo, env, hook, null, error);
  }
  return ExitCode.Ok;
}

/** new commit → the old commits it replaces, in the order git listed them. */
function groupByNewCommit(input: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const line of input.split("\n")) {
    const [old, replacement] = line.trim().split(/\s+/);
    if (!old || !replacement) continue;
    groups.set(replacement, [...(groups.get(replacement) ?? []), old]);
  }
  return groups;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
