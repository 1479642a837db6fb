/**
 * How each agent is wired to `intentguard agent-hook`: the entries `agent install` merges into the
 * agent's project configuration, and how they are found again to be replaced or removed. Pure:
 * JSON in, JSON out; the files are read and written in src/install/agent-hooks.ts.
 */

/** A JSON object as configuration files hold them. */
export type JsonObject = Record<string, unknown>;

/** What every command we install names: the agent hooks' bundle and the agent. */
export function hookMark(agent: string): string {
  return `agent-hook.cjs ${agent}`;
}

/** Our entries are known by the command they run (hookMark). */
export function isOurCommand(command: unknown, agent: string): boolean {
  return typeof command === "string" && command.includes(hookMark(agent));
}

/** Claude Code's shape, which Codex and Gemini CLI share: hooks.<event>[] of {matcher, hooks[]}. */
export interface GroupedEvent {
  event: string;
  matcher?: string;
  /** Extra fields of our handler (timeout, name). */
  handler: JsonObject;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Why a configuration cannot take our hooks: `field` is not the JSON type it must be. */
export interface AgentConfigProblem {
  field: string;
  expected: "object" | "list";
}

/** A configuration with our hooks merged in, or why it cannot take them. */
export type ConfigMerge =
  | { ok: true; config: JsonObject }
  | { ok: false; problem: AgentConfigProblem };

/**
 * The configuration with `entries` appended to hooks.<event> after the user's, our earlier
 * entries taken out first (`without`): a second install changes nothing, an update replaces ours.
 * An AgentConfigProblem says why the file cannot take them.
 */
function withOurs(
  config: JsonObject,
  without: (config: JsonObject) => JsonObject,
  entries: readonly { event: string; entry: unknown }[],
): ConfigMerge {
  const hooks = config.hooks ?? {};
  if (!isObject(hooks)) return { ok: false, problem: { field: "hooks", expected: "object" } };
  const merged: JsonObject = { ...(without(config).hooks as JsonObject) };
  for (const { event, entry } of entries) {
    const existing = merged[event] ?? [];
    if (!Array.isArray(existing)) {
      return { ok: false, problem: { field: `hooks.${event}`, expected: "list" } };
    }
    merged[event] = [...existing, entry];
  }
  return { ok: true, config: { ...config, hooks: merged } };
}

/**
 * The configuration with each hooks.<event> list passed through `keep` (an entry, or null to
 * drop it); a list left empty goes, anything that is not a list stays as it was.
 */
function withoutOurs(config: JsonObject, keep: (entry: unknown) => unknown | null): JsonObject {
  const hooks = config.hooks;
  if (!isObject(hooks)) return config;
  const kept: JsonObject = {};
  for (const [event, entries] of Object.entries(hooks)) {
    if (!Array.isArray(entries)) {
      kept[event] = entries;
      continue;
    }
    const left = entries.map(keep).filter((entry) => entry !== null);
    if (left.length > 0) kept[event] = left;
  }
  return { ...config, hooks: kept };
}

const isOurHandler = (handler: unknown, agent: string) =>
  isObject(handler) && isOurCommand(handler.command, agent);

/** Claude Code's shape (Codex, Gemini CLI): our groups, each one handler running `command`. */
export function withGroupedHooks(
  config: JsonObject,
  agent: string,
  command: string,
  events: readonly GroupedEvent[],
): ConfigMerge {
  return withOurs(
    config,
    (current) => withoutGroupedHooks(current, agent),
    events.map(({ event, matcher, handler }) => ({
      event,
      entry: {
        ...(matcher === undefined ? {} : { matcher }),
        hooks: [{ type: "command", command, ...handler }],
      },
    })),
  );
}

/** Removes our groups (and our handlers from groups the user shares with us). */
export function withoutGroupedHooks(config: JsonObject, agent: string): JsonObject {
  return withoutOurs(config, (group) => {
    if (!isObject(group) || !Array.isArray(group.hooks)) return group;
    const handlers = group.hooks.filter((handler) => !isOurHandler(handler, agent));
    if (handlers.length === group.hooks.length) return group;
    return handlers.length === 0 ? null : { ...group, hooks: handlers };
  });
}

/** Cursor's and Windsurf's shape: hooks.<event>[] of handlers {command, …}. */
export function withFlatHooks(
  config: JsonObject,
  agent: string,
  events: readonly { event: string; handler: JsonObject & { command: string } }[],
): ConfigMerge {
  return withOurs(
    config,
    (current) => withoutFlatHooks(current, agent),
    events.map(({ event, handler }) => ({ event, entry: handler })),
  );
}

export function withoutFlatHooks(config: JsonObject, agent: string): JsonObject {
  return withoutOurs(config, (handler) => (isOurHandler(handler, agent) ? null : handler));
}
