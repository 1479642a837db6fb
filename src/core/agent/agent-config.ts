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

/** The `hooks` object of a configuration, or a problem naming what is there instead. */
function hooksOf(config: JsonObject): JsonObject | string {
  const hooks = config.hooks ?? {};
  return isObject(hooks) ? hooks : "its hooks field is not an object";
}

/**
 * Merges our groups into hooks.<event> for each event: our old groups go (so a second install
 * changes nothing and an update replaces them), the user's stay, in their order, ours after.
 * Returns the new configuration, or a string saying why the file cannot take them.
 */
export function withGroupedHooks(
  config: JsonObject,
  agent: string,
  command: string,
  events: readonly GroupedEvent[],
): JsonObject | string {
  const hooks = hooksOf(config);
  if (typeof hooks === "string") return hooks;
  const merged: JsonObject = { ...(withoutGroupedHooks(config, agent).hooks as JsonObject) };
  for (const { event, matcher, handler } of events) {
    const existing = merged[event] ?? [];
    if (!Array.isArray(existing)) return `its hooks.${event} is not a list`;
    const group = {
      ...(matcher === undefined ? {} : { matcher }),
      hooks: [{ type: "command", command, ...handler }],
    };
    merged[event] = [...existing, group];
  }
  return { ...config, hooks: merged };
}

/** Removes our groups (and our handlers from groups the user shares with us). */
export function withoutGroupedHooks(config: JsonObject, agent: string): JsonObject {
  const hooks = config.hooks;
  if (!isObject(hooks)) return config;
  const kept: JsonObject = {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      kept[event] = groups;
      continue;
    }
    const left = groups.flatMap((group) => {
      if (!isObject(group) || !Array.isArray(group.hooks)) return [group];
      const handlers = group.hooks.filter(
        (handler) => !(isObject(handler) && isOurCommand(handler.command, agent)),
      );
      if (handlers.length === group.hooks.length) return [group];
      return handlers.length === 0 ? [] : [{ ...group, hooks: handlers }];
    });
    if (left.length > 0) kept[event] = left;
  }
  return { ...config, hooks: kept };
}

/** Cursor's and Windsurf's shape: hooks.<event>[] of handlers {command, …}. */
export function withFlatHooks(
  config: JsonObject,
  agent: string,
  events: readonly { event: string; handler: JsonObject & { command: string } }[],
): JsonObject | string {
  const hooks = hooksOf(config);
  if (typeof hooks === "string") return hooks;
  const merged: JsonObject = { ...(withoutFlatHooks(config, agent).hooks as JsonObject) };
  for (const { event, handler } of events) {
    const existing = merged[event] ?? [];
    if (!Array.isArray(existing)) return `its hooks.${event} is not a list`;
    merged[event] = [...existing, handler];
  }
  return { ...config, hooks: merged };
}

export function withoutFlatHooks(config: JsonObject, agent: string): JsonObject {
  const hooks = config.hooks;
  if (!isObject(hooks)) return config;
  const kept: JsonObject = {};
  for (const [event, handlers] of Object.entries(hooks)) {
    if (!Array.isArray(handlers)) {
      kept[event] = handlers;
      continue;
    }
    const left = handlers.filter(
      (handler) => !(isObject(handler) && isOurCommand(handler.command, agent)),
    );
    if (left.length > 0) kept[event] = left;
  }
  return { ...config, hooks: kept };
}
