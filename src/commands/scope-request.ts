import { systemClock } from "../clock.js";
import { ExitCode, UsageError } from "../errors.js";
import { locateRepo } from "../git/repo.js";
import { requestGrant } from "../governance/grants.js";
import { grantRequestedText } from "../report/intent/grant-report.js";
import { ledgerNotice } from "../report/trace/ledger-notice.js";
import type { CommandInput } from "./support/command.js";

/** `scope request <ID> <path…> --why "…"`: appends an unapproved extended_scope grant. */
export async function run({ values, positionals, env }: CommandInput): Promise<ExitCode> {
  const [id, ...paths] = positionals;
  const why = typeof values.why === "string" ? values.why.trim() : "";
  if (!id || paths.length === 0) {
    throw new UsageError("needs an intent ID and at least one path.", "scope request");
  }
  if (!why) {
    throw new UsageError(
      'needs --why "<justification>": an approver decides on it.',
      "scope request",
    );
  }
  const repo = await locateRepo(env.cwd);
  const requested = await requestGrant(repo, systemClock, id, paths, why);
  process.stderr.write(ledgerNotice(requested.ledger));
  process.stdout.write(
    grantRequestedText(
      requested.intent,
      requested.grant,
      requested.paths,
      requested.signed,
      requested.layoutKept,
      requested.reviewer,
      env.command,
    ),
  );
  return ExitCode.Ok;
}
