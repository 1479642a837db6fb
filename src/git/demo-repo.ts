import { runGit } from "./exec.js";

/** What a git command printed (stderr, then stdout) and its exit code, as a user would see it. */
export interface GitOutput {
  status: number;
  output: string;
}

/**
 * The git commands `intentguard demo` runs in its throwaway repository, as a user would type
 * them, in the demo's hermetic environment. A refused commit (git's exit 128, "ref updates
 * aborted by hook") is an answer, not a failure.
 */
export class DemoRepo {
  constructor(
    readonly dir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  private async git(args: string[], extraEnv: Record<string, string> = {}): Promise<GitOutput> {
    const result = await runGit(this.dir, args, {
      env: { ...this.env, ...extraEnv },
      okExitCodes: [128],
    });
    return { status: result.status, output: result.stderr + result.stdout.toString("utf8") };
  }

  init(): Promise<GitOutput> {
    return this.git(["init", "-q"]);
  }

  stageAll(): Promise<GitOutput> {
    return this.git(["add", "-A"]);
  }

  /** `git commit -q -m <message>`, with variables such as INTENTGUARD_MODEL set for it. */
  commit(message: string, extraEnv: Record<string, string> = {}): Promise<GitOutput> {
    return this.git(["commit", "-q", "-m", message], extraEnv);
  }

  /** `git commit -q -m <message> -- <paths>`: those paths alone, whatever else is staged. */
  commitPaths(message: string, paths: string[]): Promise<GitOutput> {
    return this.git(["commit", "-q", "-m", message, "--", ...paths]);
  }

  lastMessage(): Promise<GitOutput> {
    return this.git(["log", "-1", "--format=%B"]);
  }

  discardChanges(): Promise<GitOutput> {
    return this.git(["reset", "-q", "--hard"]);
  }

  history(): Promise<GitOutput> {
    return this.git(["log", "--format=%h %s"]);
  }
}
