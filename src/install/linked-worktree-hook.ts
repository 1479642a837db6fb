import { shellQuote } from "../core/text/shell-quote.js";
import { landingOnly } from "./launch-script.js";

/** How a hook file in the linked work trees' folder is recognised as ours. */
export const linkedHookMarker = "# intentguard-linked-worktree-hook";

/**
 * The hook git runs in a linked work tree of a husky repository. husky's runners (`.husky/_/`)
 * are generated per checkout and gitignored, so in a linked work tree husky's relative
 * core.hooksPath names a folder that is not there, and git would run no hook at all. This runs
 * what husky's runner would have run: the work tree's own `<huskyDir>/<hook>`, through husky's
 * `h`. `h` finds the hook file from `$0`, so it is started with `$0` set to the runner's path
 * relative to the work tree (git starts hooks at its top). `huskyDir` is relative to the work
 * tree root; `mainRunner` is the main work tree's `h`, used when `npx husky` never ran here.
 * Where there is no `h` at all, a hook file that exists would have run: git stops (for
 * reference-transaction, only when a commit lands), rather than let a commit land unjudged.
 */
export function linkedWorktreeHook(hook: string, huskyDir: string, mainRunner: string): string {
  const runner = `${huskyDir}/_/h`;
  const hookFile = `${huskyDir}/${hook}`;
  return [
    "#!/bin/sh",
    `${linkedHookMarker}: written by \`intentguard install\`, removed by \`intentguard uninstall\`.`,
    "# git runs it in linked work trees only (core.hooksPath, from the config beside this folder):",
    "# husky makes its runners (.husky/_) per checkout, so a linked work tree has none. This runs",
    "# the work tree's own husky hook file through husky's h, as husky's runner would; h finds the",
    "# file from $0. Without any h, a hook file that exists stops git rather than go unrun.",
    `ig_husky_h=${shellQuote(runner)}`,
    `[ -f "$ig_husky_h" ] || ig_husky_h=${shellQuote(mainRunner)}`,
    'if [ -f "$ig_husky_h" ]; then',
    "  export ig_husky_h",
    `  exec sh -c '. "$ig_husky_h"' ${shellQuote(`${huskyDir}/_/${hook}`)} "$@"`,
    "fi",
    `[ -f ${shellQuote(hookFile)} ] || exit 0`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
    '[ "${HUSKY:-}" = 0 ] || [ "${INTENTGUARD:-}" = 0 ] && exit 0',
    ...(hook === "reference-transaction" ? landingOnly() : []),
    "printf '%s\\n' \\",
    ...linkedRunnerMissingMessage(hookFile, runner, mainRunner).map(
      (line) => `  ${shellQuote(line)} \\`,
    ),
    "  >&2",
    "exit 1",
    "",
  ].join("\n");
}

/**
 * What the hook prints when it finds no husky runner to run the work tree's hook file with: git
 * stops rather than let the commit land unjudged. A generated script's words live with its
 * generator, as the shims' live in hooks/: src/report words what intentguard itself prints.
 */
function linkedRunnerMissingMessage(
  hookFile: string,
  runner: string,
  mainRunner: string,
): string[] {
  return [
    `intentguard: git cannot run ${hookFile} in this linked work tree: husky's runner is in neither`,
    `  ${runner} nor ${mainRunner}, so git stops here.`,
    "  Run npm ci (or npx husky) in the main work tree, then run the git command again. To go on",
    "  without the hooks for one command, prefix it with HUSKY=0 (CI still checks what that lets through).",
  ];
}
