import { isNullObjectId, isObjectId } from "../../commit/object-id.js";

/**
 * The names a CI event gives git: commit SHAs and branch names. Each is checked before git sees
 * it, since the event is untrusted input.
 */

/** A full object name: SHA-1 (40 hex digits) or SHA-256 (64), lower case as git prints them. */
export function isSha(text: string): boolean {
  return isObjectId(text);
}

/** The all-zeros SHA git and the CIs use for "no commit" (a ref created or deleted). */
export function isZeroSha(text: string): boolean {
  return isNullObjectId(text);
}

/**
 * Whether `name` is a branch name git accepts (git check-ref-format's rules for refs/heads/…):
 * intentguard builds the refspec `+refs/heads/<name>:refs/remotes/origin/<name>` from it.
 */
export function isBranchName(name: string): boolean {
  if (name === "" || name === "@" || name.startsWith("-")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u0020\u007f~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$/.test(name)) return false;
  return name.split("/").every((part) => !part.startsWith(".") && !part.endsWith(".lock"));
}

/** A branch given as a ref (`refs/heads/main`, as merge_group.base_ref is) or a name (`main`). */
export function branchFromRef(value: string): string {
  return value.startsWith("refs/heads/") ? value.slice("refs/heads/".length) : value;
}
