import path from "node:path";
import { intentMapPath } from "../core/governance-files.js";
import { mapIntents } from "../core/trace/intent-map.js";
import { ExitCode } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { locateRepo } from "../git/repo.js";
import { currentGovernance } from "../governance/current-governance.js";
import { intentMapMarkdown } from "../report/intent-map-markdown.js";
import { recordsInRange } from "../trace/read-records.js";
import type { CommandInput } from "./command.js";

/** Regenerates .orchestration/intent_map.md from the trace records of HEAD's history. */
export async function run({ env }: CommandInput): Promise<ExitCode> {
  const repo = await locateRepo(env.cwd);
  const [records, current] = await Promise.all([
    recordsInRange(repo.root, "HEAD"),
    currentGovernance(repo),
  ]);
  const map = mapIntents(records, current?.governance.intents ?? []);
  writeFileAtomic(path.join(repo.root, intentMapPath), intentMapMarkdown(map));
  process.stdout.write(
    `intentguard: wrote ${intentMapPath} from ${records.length} traced commit${records.length === 1 ? "" : "s"}\n`,
  );
  return ExitCode.Ok;
}
