/** A judgement (a hook, `check`, an agent's hook, a landing) that cannot start. */
export type GateFailure =
  /** No intents file committed or staged: nothing says which intents may commit. */
  | { kind: "no-governance" }
  /** `check --paths` (or an agent) named a path outside the repository at `root`. */
  | { kind: "path-outside-repo"; path: string; root: string }
  /** `agent-hook` without an agent, or with one intentguard does not know (`name`). */
  | { kind: "unknown-agent"; name: string | undefined; known: readonly string[] }
  /** The server's intentguard.judgedFrom names no commit of the repository. */
  | { kind: "judged-from-unknown"; judgedFrom: string }
  /**
   * pre-receive read a line (`number`, 1-based) of its standard input that is not
   * `<old-id> <new-id> <ref>`: it cannot tell what the push moves.
   */
  | { kind: "ref-update-unreadable"; line: number; text: string }
  /** pre-receive read no update line at all, which git never runs it with. */
  | { kind: "ref-updates-missing" }
  /**
   * A main work tree's `.git` folder holds a `commondir` file (`file`, naming `points`): git makes
   * one only in a linked work tree's git directory; here it moves git's hooks, refs and
   * configuration elsewhere.
   */
  | { kind: "commondir-planted"; file: string; points: string };
