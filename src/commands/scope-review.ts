import { systemClock } from "../clock.js";
import { ExitCode } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { reviewGrant } from "../governance/grants.js";
import { grantReviewedText } from "../report/intent/grant-report.js";
import { ledgerNotice } from "../report/trace/ledger-notice.js";
import type { CommandInput } from "./support/command.js";
import { grantArguments } from "./support/scope-grant-argument.js";

/** `scope review <ID> [--grant N]`: the policy's reviewer decides; exit 1 when it rejects. */
export async function run(input: CommandInput): Promise<ExitCode> {
  const { id, grant } = grantArguments(input, "scope review");
  const repo = await locateRepo(input.env.cwd);
  const reviewed = await reviewGrant(repo, systemClock, id, grant);
  process.stderr.write(ledgerNotice(reviewed.ledger));
  process.stdout.write(
    grantReviewedText(
      reviewed.intent,
      reviewed.grant,
      reviewed.reviewer,
      reviewed.review,
      reviewed.signed,
      reviewed.layoutKept,
    ),
  );
  return reviewed.review.decision === "APPROVED" ? ExitCode.Ok : ExitCode.Blocked;
}
