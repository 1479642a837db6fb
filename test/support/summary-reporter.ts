import type { Reporter, TestModule } from "vitest/node";

/** Ends the run with one plain line, `N passed, N failed`, for CI logs and people alike. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
      }
      if (module.state() === "failed" && module.children.size === 0) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
