import type { PushRefusal } from "../../land/server-landing.js";
import type { Style } from "../text/style.js";

/** What pre-receive says about a ref it refuses before judging any commit, with the fix. */
export function formatPushRefusal(refusal: PushRefusal, style: Style): string {
  return `${style.red(`✗ intentguard: ${refusalText(refusal)}`)}\n`;
}

function refusalText(refusal: PushRefusal): string {
  switch (refusal.kind) {
    case "replace-ref":
      return `${refusal.ref} is refused: git shows a replacement object in place of the one stored, so what a clone gets would not be what was judged. If this server must hold replace refs, its administrator allows them with git config intentguard.allowReplaceRefs true (in the server's repository).`;
    case "no-default-branch": {
      const named = refusal.configured
        ? `this server's default branch (git config intentguard.defaultBranch) is ${refusal.head}, which does not exist`
        : `this server's HEAD ${refusal.head ? `names ${refusal.head}, which does not exist` : "names no branch"}`;
      return `${refusal.ref} is refused: a new branch or tag is judged as landing on the default branch, and ${named}. Set the server's HEAD to the default branch (git symbolic-ref HEAD refs/heads/<branch>, in the server's repository), or name it with git config intentguard.defaultBranch <branch>, then push again.`;
    }
    case "default-branch-deleted":
      return `deleting ${refusal.ref} is refused: it is the default branch, and its rules in force would go with it (a branch created again has none in force). If it must go, the server's administrator allows it with git config intentguard.allowDefaultBranchDeletion true.`;
    case "default-branch-recreated":
      return `${refusal.ref} is refused: it is the default branch, created again on a server that holds rules (git config intentguard.adopted), so nothing would be in force for what it brings. Have the server's administrator restore the branch where it was (git update-ref in the server's repository), then push onto it.`;
    case "ref-case":
      return `${refusal.ref} is refused: it names a branch or tag in another case than refs/heads/ or refs/tags/, which a case-insensitive file system (a macOS or Windows server) stores as that branch or tag, unjudged. Push to refs/heads/<branch> or refs/tags/<tag>.`;
    case "new-missing":
      return `${refusal.ref} is refused: the object it would point to, ${refusal.new}, cannot be read here, so what the push brings cannot be judged. git keeps a push's objects in a quarantine it names in the hook's environment (GIT_OBJECT_DIRECTORY, GIT_ALTERNATE_OBJECT_DIRECTORIES, GIT_QUARANTINE_PATH): a wrapper in front of the hook (sudo, env -i, a hook manager) must pass them through.`;
    case "old-missing":
      return `${refusal.ref} is refused: its current value ${refusal.old} is not in this repository (is it damaged?), so the rules in force on it cannot be read. Have the server's administrator check the repository (git fsck).`;
  }
}
