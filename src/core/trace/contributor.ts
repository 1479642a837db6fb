/** Who made a change: a person, or an AI model (with the agent that ran it). */
export interface Contributor {
  entity_type: "AI" | "HUMAN";
  model_identifier?: string | undefined;
  agent_id?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
}

/** The trailers that carry the contributor in the commit, so it survives rebase and cherry-pick. */
export const contributorTrailers = {
  type: "Contributor-Type",
  model: "Contributor-Model",
  agent: "Contributor-Agent",
} as const;

export interface ContributorEnvironment {
  /** INTENTGUARD_CONTRIBUTOR: "ai" or "human". */
  contributor?: string | undefined;
  /** INTENTGUARD_MODEL, e.g. "anthropic/claude-sonnet-4-6"; implies AI. */
  model?: string | undefined;
  /** INTENTGUARD_AGENT; implies AI. */
  agent?: string | undefined;
}

/**
 * The contributor the environment declares, or null when it declares none. A model or an agent
 * implies AI unless INTENTGUARD_CONTRIBUTOR says "human".
 */
export function contributorFromEnvironment(env: ContributorEnvironment): Contributor | null {
  const declared = env.contributor?.trim().toLowerCase();
  const model = env.model?.trim() || undefined;
  const agent = env.agent?.trim() || undefined;
  if (!declared && !model && !agent) return null;
  const human = declared === "human";
  return {
    entity_type: human ? "HUMAN" : "AI",
    ...(model && !human ? { model_identifier: model } : {}),
    ...(agent && !human ? { agent_id: agent } : {}),
  };
}

/** The trailers that record a contributor declared by the environment. */
export function trailersForContributor(contributor: Contributor): { key: string; value: string }[] {
  return [
    { key: contributorTrailers.type, value: contributor.entity_type },
    ...(contributor.model_identifier
      ? [{ key: contributorTrailers.model, value: contributor.model_identifier }]
      : []),
    ...(contributor.agent_id
      ? [{ key: contributorTrailers.agent, value: contributor.agent_id }]
      : []),
  ];
}

/** AI tools that sign their commits with a Co-authored-by trailer, and the model they stand for. */
const knownAiCoAuthors: { pattern: RegExp; model: string }[] = [
  { pattern: /noreply@anthropic\.com|\bclaude\b/i, model: "anthropic/claude" },
  { pattern: /copilot/i, model: "github/copilot" },
  { pattern: /cursoragent@cursor\.com|cursor agent/i, model: "cursor/agent" },
  { pattern: /\baider\b/i, model: "aider" },
  { pattern: /devin-ai-integration|\bdevin\b/i, model: "cognition/devin" },
  { pattern: /\bcodex\b|noreply@openai\.com/i, model: "openai/codex" },
  { pattern: /\bgemini\b/i, model: "google/gemini" },
  { pattern: /\bjules\b.*google|google-labs-jules/i, model: "google/jules" },
];

export interface CommitIdentity {
  trailers: readonly { key: string; value: string }[];
  authorName: string;
  authorEmail: string;
}

/**
 * Who made a commit. The Contributor-* trailers (written at commit time from the environment)
 * come first: they travel with the commit, so a cherry-pick or rebase keeps the original
 * contributor instead of taking whoever replays it. Then the environment (a commit made with
 * --no-verify has no trailers), then a known AI Co-authored-by trailer, then the author, a person.
 */
export function resolveContributor(
  commit: CommitIdentity,
  env: ContributorEnvironment,
): Contributor {
  const trailer = (key: string) =>
    commit.trailers.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase())?.value;
  const fromTrailers = contributorFromEnvironment({
    contributor: trailer(contributorTrailers.type),
    model: trailer(contributorTrailers.model),
    agent: trailer(contributorTrailers.agent),
  });
  const declared = fromTrailers ?? contributorFromEnvironment(env);
  if (declared) return declared;
  for (const { key, value } of commit.trailers) {
    if (key.toLowerCase() !== "co-authored-by") continue;
    const known = knownAiCoAuthors.find(({ pattern }) => pattern.test(value));
    if (known) return { entity_type: "AI", model_identifier: known.model };
  }
  return { entity_type: "HUMAN", name: commit.authorName, email: commit.authorEmail };
}
