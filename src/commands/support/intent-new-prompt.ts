import { createInterface } from "node:readline";
import { UsageError } from "../../errors.js";

/** A pattern checked and normalised, or why it cannot be a scope pattern. */
export type PatternCheck = { ok: true; pattern: string } | { ok: false; problem: string };

export interface Answers {
  name?: string;
  scope?: string[];
}

/**
 * Asks on a terminal for what `intent new` was not given: the name, then the scope (patterns
 * separated by spaces or commas), again until the answer is usable. End of input (Ctrl-D) is a
 * usage error naming the flags that would have answered.
 */
export async function askForMissing(
  missing: { name: boolean; scope: boolean },
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  checkPattern: (raw: string) => PatternCheck,
): Promise<Answers> {
  const terminal = (output as { isTTY?: boolean }).isTTY === true;
  const reader = createInterface({ input, output, terminal });
  const lines = reader[Symbol.asyncIterator]();
  const ask = async (question: string, flag: string): Promise<string> => {
    reader.setPrompt(question);
    reader.prompt();
    const next = await lines.next();
    if (next.done) {
      output.write("\n");
      throw new UsageError(`no answer for ${flag}; give it as a flag instead.`, "intent new");
    }
    return next.value.trim();
  };
  try {
    const answers: Answers = {};
    while (missing.name && answers.name === undefined) {
      const name = await ask("Name (a short description of the work): ", "--name");
      if (name) answers.name = name;
      else output.write("A name is needed.\n");
    }
    while (missing.scope && answers.scope === undefined) {
      const words = (
        await ask("Scope (paths or globs it may change, e.g. src/auth/**): ", "--scope")
      )
        .split(/[\s,]+/)
        .filter(Boolean);
      if (words.length === 0) {
        output.write("At least one path or glob is needed.\n");
        continue;
      }
      const checks = words.map(checkPattern);
      const problems = checks.flatMap((check) => (check.ok ? [] : [check.problem]));
      if (problems.length > 0) output.write(`${problems.join("\n")}\n`);
      else answers.scope = checks.flatMap((check) => (check.ok ? [check.pattern] : []));
    }
    return answers;
  } finally {
    reader.close();
  }
}
