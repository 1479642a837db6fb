import { agentVariables } from "../core/agent/agent-environment.js";
import { shellQuote } from "../core/text/shell-quote.js";

/**
 * Where a hook file finds the package's shims, as sh setting `$ig_hooks_dir`. A committed file
 * (husky's, or a core.hooksPath folder in the work tree) names the package relative to the work
 * tree root, where git starts hooks (`node_modules/intentguard/hooks`), falling back to the main
 * work tree's for a linked work tree without node_modules. A clone's own `.git/hooks` names it by
 * its absolute path, falling back to this work tree's node_modules when that path is gone.
 */
export function locateShims(hooksDir: string, committed: boolean): string[] {
  const fallback = committed
    ? [
        "  ig_common=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null) &&",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
        '    [ -d "${ig_common%/*}/$ig_package_hooks" ] && ig_hooks_dir="${ig_common%/*}/$ig_package_hooks"',
      ]
    : ["  [ -d node_modules/intentguard/hooks ] && ig_hooks_dir=node_modules/intentguard/hooks"];
  return [
    `ig_package_hooks=${shellQuote(hooksDir)}`,
    "ig_hooks_dir=$ig_package_hooks",
    'if [ ! -d "$ig_hooks_dir" ]; then',
    ...fallback,
    "fi",
  ];
}

/**
 * The sh that starts one of the package's hook shims, shared by the hook files `install` writes
 * (git's hooks directory) and the launcher husky's hook files call. It runs where the package may
 * be missing — a checkout before `npm ci`, `node_modules` removed, a linked work tree without its
 * own — so it cannot live in the package: it honours INTENTGUARD=0 before anything else, sources
 * the shim when it is there, and otherwise fails closed with one paragraph saying what is missing
 * and how to go on. `hook` names the hook: a name, or a sh word such as `$ig_hook` when the script
 * serves every hook; `$ig_hooks_dir` names the shims' folder.
 */
export function launchShim(hook: string): string[] {
  return [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
    '[ "${INTENTGUARD:-}" = 0 ] && exit 0',
    `if [ -f "$ig_hooks_dir/${hook}" ]; then`,
    "  # shellcheck source=/dev/null # the package's shim, checked where it ships",
    `  . "$ig_hooks_dir/${hook}"`,
    "  exit $?",
    "fi",
    ...missingPackage(hook),
  ];
}

/**
 * Where reference-transaction cannot run the shim, only a commit landing needs refusing: the hook
 * also runs for fetches, tags, notes, checkouts and resets, and those stay free when no branch
 * gets a commit it did not have (the shim's own prefilter, repeated because the shim is what is
 * missing). Ends the hook with 0 for every other update.
 */
export function landingOnly(): string[] {
  return [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
    '[ "${1:-}" = prepared ] || exit 0',
    "ig_tips=",
    "# shellcheck disable=SC2034 # ig_old is read only to get past it",
    "while read -r ig_old ig_new ig_ref; do",
    "  case $ig_ref in refs/heads/*) ;; *) continue ;; esac",
    '  case $ig_new in *[!0]*) ig_tips="$ig_tips $ig_new" ;; esac',
    "done",
    '[ -n "$ig_tips" ] || exit 0',
    "# shellcheck disable=SC2086 # one word per commit ID is the point",
    '[ -n "$(GIT_NO_REPLACE_OBJECTS=1 GIT_GRAFT_FILE=/dev/null/no-grafts git rev-list -n 1 $ig_tips --not --branches --remotes --)" ] || exit 0',
  ];
}

/** Without the package, the hook stops git with one paragraph (only a landing, for reference-transaction). */
function missingPackage(hook: string): string[] {
  const landing = landingOnly();
  const guard = hook.startsWith("$")
    ? [
        `if [ "${hook}" = reference-transaction ]; then`,
        ...landing.map((line) => `  ${line}`),
        "fi",
      ]
    : hook === "reference-transaction"
      ? landing
      : [];
  // An agent's own variable (agent-environment.ts) means an agent runs this: it is never told
  // how to skip the hooks.
  const agentSet = agentVariables.map(({ variable }) => `\${${variable}:-}`).join("");
  return [
    ...guard,
    `if [ -n "${agentSet}" ]; then`,
    '  ig_skip="  An agent does not skip the hooks: ask the person you work for." ig_skip2=',
    "else",
    '  ig_skip="  To go on without intentguard for one command, prefix it with INTENTGUARD=0 (CI still checks"',
    '  ig_skip2="  what that lets through)."',
    "fi",
    "printf '%s\\n' \\",
    `  "intentguard: the ${hook} hook cannot run: the intentguard package is not installed in this work" \\`,
    '  "  tree ($ig_hooks_dir is missing), so git stops here." \\',
    '  "  Run npm ci (or npm install) in this project to install it, then run the git command again." \\',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
    '  "$ig_skip" ${ig_skip2:+"$ig_skip2"} >&2',
    "exit 1",
  ];
}
