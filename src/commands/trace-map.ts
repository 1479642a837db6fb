import path from "node:path";
import { intentMapPath } from "../core/governance/governance-files.js";
import { mapIntents } from "../core/trace/intent-map.js";
import { ExitCode } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { locateRepo } from "../git/repo.js";
import { currentGovernance } from "../governance/current-governance.js";
import { intentMapMarkdown } from "../report/intent/intent-map-markdown.js";
import { plural } from "../report/text/count.js";
import { noCommitsYetMessage, skippedNoteLinesMessage } from "../report/text/messages.js";
import { recordsInRange } from "../trace/read-records.js";
import type { CommandInput } from "./support/command.js";

/**
 * Regenerates .orchestration/intent_map.md from the trace records of HEAD's history; note lines
 * that are not valid records are skipped and named on stderr. With no commits yet, writes nothing.
 */
export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const [{ commits, records, invalid }, current] = await Promise.all([
    recordsInRange(repo.root, "HEAD"),
    currentGovernance(repo),
  ]);
  if (commits.length === 0) {
    process.stderr.write(noCommitsYetMessage(`map (${intentMapPath} is not written)`));
    return ExitCode.Ok;
  }
  const map = mapIntents(records, current?.governance.intents ?? []);
  writeFileAtomic(path.join(repo.root, intentMapPath), intentMapMarkdown(map));
  process.stderr.write(skippedNoteLinesMessage(invalid));
  process.stdout.write(
    `intentguard: wrote ${intentMapPath} from ${plural(records.length, "traced commit")}\n`,
  );
  return ExitCode.Ok;
}
