import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Scenario tests run the built CLI through real hooks: build it once before any test. vitest
 * runs a global setup once per project (tier), all in its own process: the first builds.
 */
export default function buildOnce(): void {
  if (process.env.INTENTGUARD_TEST_BUILT === String(process.pid)) return;
  const root = fileURLToPath(new URL("../..", import.meta.url));
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  process.env.INTENTGUARD_TEST_BUILT = String(process.pid);
}
