import { systemClock } from "../clock.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { approveGrant } from "../governance/grants.js";
import { grantApprovedText } from "../report/intent/grant-report.js";
import { ledgerNotice } from "../report/trace/ledger-notice.js";
import type { CommandInput } from "./support/command.js";
import { grantArguments } from "./support/scope-grant-argument.js";

/** `scope approve <ID> [--grant N]`: a person's approval, under git's user.email. */
export async function run(input: CommandInput): Promise<ExitCode> {
  const { id, grant } = grantArguments(input, "scope approve");
  const repo = await locateRepo(input.env.cwd);
  const approved = await approveGrant(repo, systemClock, input.env, id, grant);
  process.stderr.write(ledgerNotice(approved.ledger));
  process.stdout.write(
    grantApprovedText(
      approved.intent,
      approved.grant,
      approved.by,
      approved.signed,
      approved.layoutKept,
    ),
  );
  return ExitCode.Ok;
}
