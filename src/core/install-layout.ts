/** Names `intentguard install` writes, shared by the installer and the reports that tell of it. */

/** What installs the hooks in a teammate's clone, run by npm (and yarn, pnpm) after install. */
export const installCommand = "intentguard install";

/** The launcher husky's hook files call, beside them: committed, so shared by the team. */
export const huskyLauncherName = "intentguard.sh";
