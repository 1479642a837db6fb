import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { projectRoot } from "../support/test-repo.js";

function load(file: string): unknown {
  return parse(readFileSync(path.join(projectRoot, file), "utf8"));
}

interface Step {
  uses?: string;
  run?: string;
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

describe("the CI integration files", () => {
  it("action.yml is a composite action that checks out the whole history and runs check --ci", () => {
    const action = load("action.yml") as {
      runs: { using: string; steps: Step[] };
      inputs: Record<string, { default: string }>;
    };
    expect(action.runs.using).toBe("composite");
    const steps = action.runs.steps;
    const checkout = steps.find((step) => step.uses?.startsWith("actions/checkout@"));
    expect(checkout?.with?.["fetch-depth"]).toBe(0);
    const check = steps.find((step) => step.run?.includes("check --ci --format github"));
    expect(check?.shell).toBe("bash");
    // Inputs reach the script through the environment, never spliced into it.
    expect(check?.run).not.toMatch(/\$\{\{/);
    for (const run of steps.flatMap((step) => (step.run ? [step.run] : []))) {
      expect(run).not.toMatch(/\$\{\{\s*inputs\./);
    }
    expect(Object.keys(action.inputs).sort()).toEqual(
      ["checkout", "deepen", "node-version", "sarif", "verify-traces"].sort(),
    );
  });

  it("the GitLab job fetches the whole history and the default branch, and reports Code Quality", () => {
    const job = (load("integrations/gitlab-ci.yml") as Record<string, Record<string, unknown>>)
      .intentguard as {
      variables: Record<string, string>;
      script: string[];
      artifacts: { reports: { codequality: string } };
    };
    expect(job.variables.GIT_DEPTH).toBe("0");
    expect(job.script.some((line) => line.includes("$CI_DEFAULT_BRANCH"))).toBe(true);
    const check = job.script.find((line) => line.includes("check --ci --format gitlab"));
    expect(check).toContain(`--output ${job.artifacts.reports.codequality}`);
  });

  it("the pre-commit framework hook runs the early check without file names", () => {
    const [hook] = load(".pre-commit-hooks.yaml") as Record<string, unknown>[];
    expect(hook).toMatchObject({
      id: "intentguard",
      entry: "intentguard check --staged",
      pass_filenames: false,
      always_run: true,
    });
  });
});
