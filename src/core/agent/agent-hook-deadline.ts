/**
 * How long an agent hook's decision may take, in seconds, before the installed command denies:
 * well under every agent's own timeout (30 s as installed), which lets the tool call go ahead in
 * all but Cursor.
 */
export const agentHookDeadline = 10;
