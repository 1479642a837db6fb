import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll } from "vitest";
import { cliCoverageVariable, reduceCliCoverage } from "./cli-coverage-dumps.js";
import { removeTestRepos } from "./test-repo.js";

afterAll(removeTestRepos);

// Coverage of the CLI processes this test file starts (coverage-reporter.ts names the parent
// directory): every Node process started from here on, git's hooks included, inherits
// NODE_V8_COVERAGE and writes its V8 coverage there. Set in the worker, not in the config's env,
// which would make the worker itself write one too.
const cliCoverage = process.env[cliCoverageVariable];
if (cliCoverage) {
  const dir = path.join(cliCoverage, randomUUID());
  process.env.NODE_V8_COVERAGE = dir;
  afterAll(() => reduceCliCoverage(dir));
}
