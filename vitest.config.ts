import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

export default defineConfig({
  define: { __INTENTGUARD_VERSION__: JSON.stringify(version) },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/build-once.ts"],
    setupFiles: ["test/support/setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Scenario tests start real git and Node hooks; a slow machine must not turn into failures.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
