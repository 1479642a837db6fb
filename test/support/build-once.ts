import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Scenario tests run the built CLI through real hooks: build it once before any test. */
export default function buildOnce(): void {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
}
