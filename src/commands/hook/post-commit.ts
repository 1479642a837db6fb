import { existsSync } from "node:fs";
import type { Environment } from "../../environment.js";
import { ExitCode } from "../../errors.js";
import { writeNote } from "../../git/notes.js";
import { locateRepo, type Repo } from "../../git/repo.js";
import { attributedLines, recordsToNote } from "../../trace/note-records.js";
import { recordCommit } from "../../trace/record-commit.js";
import { recordEvent } from "../record-event.js";
import { reportHookError } from "./report-hook-error.js";

/**
 * post-commit: records HEAD's trace in the note keyed to its SHA and in the ledger. The commit
 * has already happened, so this never fails it: an error is reported on stderr and in the
 * ledger, and `intentguard trace verify` lists the commit as untraced. During a rebase it does
 * nothing: post-rewrite re-keys the records once the rebase is done.
 */
export async function run(_args: string[], env: Environment): Promise<ExitCode> {
  let repo: Repo | null = null;
  try {
    // The diff (the slowest git process) starts first, then the repository lookup beside it.
    let lookUp: (repo: Promise<Repo>) => void = () => {};
    const located = new Promise<Repo>((resolve) => {
      lookUp = resolve;
    });
    const recorded = recordCommit(env.cwd, located, "HEAD", { contributorEnv: env.contributor });
    recorded.catch(() => {}); // awaited below unless a rebase makes it moot
    lookUp(locateRepo(env.cwd));
    repo = await located;
    if (repo.rebaseDirs.some((dir) => existsSync(dir))) return ExitCode.Ok;
    const record = await recorded;
    await writeNote(repo, record.vcs.revision_id, recordsToNote([record]));
    // Only after the note is written: the ledger says "traced" only of what is.
    await recordEvent(repo, {
      event: "commit_traced",
      commit: record.vcs.revision_id,
      intent_id: record.intent_id,
      record_id: record.id,
      files: record.files.length,
      lines: attributedLines(record),
    });
  } catch (error) {
    await reportHookError(repo, env, "post-commit", "HEAD", error);
  }
  return ExitCode.Ok;
}
