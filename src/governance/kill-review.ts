import { readdirSync, readFileSync } from "node:fs";

/** The variable that carries a review's token to the reviewer and everything it starts. */
export const reviewTokenVariable = "INTENTGUARD_REVIEW_TOKEN";

/**
 * Kills a review's processes with SIGKILL: the reviewer's process group (it is its leader), and
 * on Linux every process whose environment carries the review's token — a child that left the
 * group (`setsid`, a daemon) still has the environment it was started with. Elsewhere only the
 * group is reachable; anywhere, a child that cleared its environment and detached survives.
 */
export function killReview(groupLeader: number | undefined, token: string): void {
  if (groupLeader !== undefined) signal(-groupLeader);
  if (process.platform !== "linux") return;
  const entry = Buffer.from(`${reviewTokenVariable}=${token}\0`);
  // Again while any was found: one may have forked between the scan and its kill.
  for (let round = 0; round < 5; round++) {
    const found = processesCarrying(entry);
    if (found.length === 0) return;
    for (const pid of found) signal(pid);
  }
}

/** The pids whose /proc/<pid>/environ holds `entry` (NUL-terminated) as a whole variable. */
function processesCarrying(entry: Buffer): number[] {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${name}/environ`);
    } catch {
      continue; // gone, or another user's
    }
    for (let at = environ.indexOf(entry); at !== -1; at = environ.indexOf(entry, at + 1)) {
      if (at === 0 || environ[at - 1] === 0) {
        found.push(Number(name));
        break;
      }
    }
  }
  return found;
}

function signal(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone, or not ours to kill.
  }
}
