import path from "node:path";
import type { CommandInput } from "../cli/command.js";
import { intentMapPath } from "../core/governance.js";
import { renderIntentMap } from "../core/trace/intent-map.js";
import { ExitCode } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { locateRepo } from "../git/repo.js";
import { currentRules } from "../rules/current-rules.js";
import { recordsInRange } from "../trace/read-records.js";

/** Regenerates .orchestration/intent_map.md from the trace records of HEAD's history. */
export async function run(_input: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo();
  const [records, rules] = await Promise.all([recordsInRange("HEAD"), currentRules(repo)]);
  const file = path.join(repo.root, intentMapPath);
  writeFileAtomic(file, renderIntentMap(records, rules?.rules.intents ?? []));
  process.stdout.write(
    `intentguard: wrote ${intentMapPath} from ${records.length} traced commit${records.length === 1 ? "" : "s"}\n`,
  );
  return ExitCode.Ok;
}
