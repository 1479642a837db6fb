import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ruleDescriptions } from "../../src/report/range/check-range-shared.js";
import { projectRoot } from "../support/test-repo.js";

/**
 * The README and docs/ link to each other by file and heading: every relative link must name a
 * file that exists and, with `#anchor`, a heading of that file (as GitHub makes anchors), so a
 * section moved or renamed cannot leave a dead link behind. SARIF's rule help names the same
 * sections, in the docs the package ships.
 */
const pages = ["README.md", ...readdirSync(path.join(projectRoot, "docs")).map((f) => `docs/${f}`)];

/** GitHub's heading anchor: lower case, punctuation but `-` dropped, spaces to `-`. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(path.join(projectRoot, page), "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1] ?? "")));
}

function linksOf(page: string): string[] {
  const text = readFileSync(path.join(projectRoot, page), "utf8").replace(/```[\s\S]*?```/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((link) => !/^[a-z]+:/.test(link));
}

it("every relative link in the README and docs/ names a file and heading that exist", () => {
  const dead: string[] = [];
  for (const page of pages) {
    for (const link of linksOf(page)) {
      const [file = "", hash] = link.split("#");
      const target = file === "" ? page : path.join(path.dirname(page), file);
      if (!existsSync(path.join(projectRoot, target))) dead.push(`${page}: ${link} (no file)`);
      else if (hash !== undefined && target.endsWith(".md") && !anchorsOf(target).has(hash)) {
        dead.push(`${page}: ${link} (no heading)`);
      }
    }
  }
  expect(dead).toEqual([]);
});

it("SARIF's rule help names sections the shipped docs have", () => {
  for (const [rule, { section }] of Object.entries(ruleDescriptions)) {
    const [file = "", hash = ""] = section.split("#");
    expect({ rule, found: anchorsOf(`docs/${file}`).has(hash) }).toEqual({ rule, found: true });
  }
});
