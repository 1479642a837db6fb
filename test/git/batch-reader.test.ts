import { beforeAll, describe, expect, it } from "vitest";
import { BatchReader } from "../../src/git/cat-file-batch.js";
import { runGit } from "../../src/git/exec.js";
import { readObjects } from "../../src/git/read-objects.js";
import { pushInChunks } from "../support/chunks.js";
import { createRepo, type TestRepo, useHermeticProcessEnv } from "../support/test-repo.js";

type Seen = { name: string; found: boolean; type?: string; content?: string };

/** Feeds cat-file output to a BatchReader cut at `cuts`, collecting each object whole. */
function read(names: string[], bytes: Buffer, cuts: number[]): Seen[] {
  const seen: Seen[] = [];
  const reader = new BatchReader(names, (name, object) => {
    if (!object) {
      seen.push({ name, found: false });
      return null;
    }
    const chunks: Buffer[] = [];
    return {
      write: (chunk) => chunks.push(Buffer.from(chunk)),
      end: () =>
        seen.push({
          name,
          found: true,
          type: object.type,
          content: Buffer.concat(chunks).toString("latin1"),
        }),
    };
  });
  pushInChunks(bytes, cuts, (chunk) => reader.push(chunk));
  reader.end();
  return seen;
}

describe("BatchReader, on real git cat-file --batch output", () => {
  let repo: TestRepo;
  const names = ["HEAD:a.txt", "HEAD:missing", "HEAD:binary.bin", "HEAD:empty", "HEAD:nl"];
  let output: Buffer;

  beforeAll(async () => {
    repo = await createRepo();
    useHermeticProcessEnv(repo);
    repo.write("a.txt", "alpha\nbeta\n");
    repo.write("binary.bin", Buffer.from([0, 10, 13, 10, 255, 0, 10]));
    repo.write("empty", "");
    repo.write("nl", "\n\n\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "objects");
    output = (await runGit(repo.dir, ["cat-file", "--batch"], { input: `${names.join("\n")}\n` }))
      .stdout;
  });

  const expected: Seen[] = [
    { name: "HEAD:a.txt", found: true, type: "blob", content: "alpha\nbeta\n" },
    { name: "HEAD:missing", found: false },
    {
      name: "HEAD:binary.bin",
      found: true,
      type: "blob",
      content: Buffer.from([0, 10, 13, 10, 255, 0, 10]).toString("latin1"),
    },
    { name: "HEAD:empty", found: true, type: "blob", content: "" },
    { name: "HEAD:nl", found: true, type: "blob", content: "\n\n\n" },
  ];

  it("reads every object, and a missing name as missing, from one chunk", () => {
    expect(read(names, output, [])).toEqual(expected);
  });

  it("reads the same whatever one or two cuts in the stream", () => {
    for (let first = 1; first < output.length; first++) {
      expect(read(names, output, [first])).toEqual(expected);
      const second = Math.min(output.length - 1, first + 7);
      if (second > first) expect(read(names, output, [first, second])).toEqual(expected);
    }
  });

  it("refuses output that ends before every name was answered", () => {
    expect(() => read(names, output.subarray(0, output.length - 3), [])).toThrow(
      "ended before answering every name",
    );
  });

  it("reads objects by name through one git process (readObjects)", async () => {
    const objects = await readObjects(repo.dir, ["HEAD:a.txt", "HEAD:missing"]);
    expect(objects.get("HEAD:a.txt")?.content.toString("utf8")).toBe("alpha\nbeta\n");
    expect(objects.get("HEAD:missing")).toBeNull();
  });
});
