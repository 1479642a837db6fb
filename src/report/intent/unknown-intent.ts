import { intentsFilePath } from "../../core/governance/governance-files.js";
import { closestMatch } from "../../core/text/closest-match.js";

/**
 * An intent ID nothing knows (`select`, `trace log --intent`): the closest known ID when one is
 * near enough to be a typo, then `choices`, what the user can name instead.
 */
export function unknownIntentMessage(
  id: string,
  known: readonly string[],
  choices: string,
): string {
  const guess = closestMatch(id, known);
  return `There is no intent ${id} in ${intentsFilePath}${guess ? `; did you mean ${guess}?` : "."} ${choices}`;
}

/** `trace log --intent`'s choices: the intents file's intents, then IDs only records still name. */
export function knownIntentsText(
  intents: readonly { id: string; name: string }[],
  traced: readonly string[],
): string {
  const listed = [...intents.map(({ id, name }) => `${id} (${name})`), ...traced];
  return listed.length ? `Known intents: ${listed.join(", ")}.` : "No intent is known here.";
}
