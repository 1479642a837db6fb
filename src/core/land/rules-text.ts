import type { RulesData } from "./rules-merge.js";

/** The rules' two files as text (null where a file is absent). */
export interface RulesText {
  intents: string | null;
  policy: string | null;
}

/**
 * The rules as data, from their text; null when either file is not YAML (broken rules are judged
 * as text elsewhere: they name file and line). Loads the YAML parser on first use, which a
 * landing without rules changes never does.
 */
export async function parseRules(text: RulesText): Promise<RulesData | null> {
  const { parseAllDocuments } = await import("yaml");
  // As the rules are read to be judged by (parse-config.ts): one document, no duplicate keys,
  // no alias bombs. Anything else is rules that cannot be read.
  const read = (yaml: string | null): unknown => {
    if (yaml === null) return undefined;
    const documents = parseAllDocuments(yaml, { uniqueKeys: true, prettyErrors: false });
    if (!Array.isArray(documents) || documents.length > 1) throw new Error("not one document");
    const [document] = documents;
    if (!document) return {};
    if (document.errors.length > 0) throw new Error("not YAML");
    return document.toJS({ maxAliasCount: 100 }) ?? {};
  };
  try {
    return { intents: read(text.intents), policy: read(text.policy) };
  } catch {
    return null;
  }
}

/** Text that parses back to `rules` (no comments: merged rules are nobody's file). */
export async function renderRules(rules: RulesData): Promise<RulesText> {
  const { stringify } = await import("yaml");
  return {
    intents: rules.intents === undefined ? null : stringify(rules.intents),
    policy: rules.policy === undefined ? null : stringify(rules.policy),
  };
}
