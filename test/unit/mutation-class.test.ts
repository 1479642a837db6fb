import { describe, expect, it } from "vitest";
import { mutationClass } from "../../src/core/trace/mutation-class.js";

describe("a file's mutation class", () => {
  it("is INTENT_EVOLUTION for a file created or deleted, whatever it holds", () => {
    for (const path of ["src/a.ts", "package-lock.json", "docs/x.md"]) {
      expect(mutationClass("create", { path: path, mode: "100644", binary: false }, true)).toBe(
        "INTENT_EVOLUTION",
      );
      expect(mutationClass("delete", { path: path, mode: null, binary: false }, true)).toBe(
        "INTENT_EVOLUTION",
      );
    }
  });

  it("is AST_REFACTOR for an edit of source code, known by its extension in any case", () => {
    for (const path of ["src/a.ts", "lib/b.PY", "cmd/main.go", "x/y.rs", "app.component.tsx"]) {
      expect(mutationClass("modify", { path: path, mode: "100644", binary: false }, true)).toBe(
        "AST_REFACTOR",
      );
      expect(mutationClass("rename", { path: path, mode: "100644", binary: false }, true)).toBe(
        "AST_REFACTOR",
      );
    }
  });

  it("is INTENT_EVOLUTION for an edit of lock files, configuration, documents and binaries", () => {
    for (const path of [
      "package-lock.json",
      "yarn.lock",
      "Cargo.lock",
      "go.sum",
      ".github/workflows/ci.yml",
      "config/app.yaml",
      "pyproject.toml",
      "README.md",
      "logo.png",
      "Makefile",
      ".ts",
    ]) {
      expect(mutationClass("modify", { path: path, mode: "100644", binary: false }, true)).toBe(
        "INTENT_EVOLUTION",
      );
      expect(mutationClass("rename", { path: path, mode: "100644", binary: false }, true)).toBe(
        "INTENT_EVOLUTION",
      );
    }
  });

  it("is AST_REFACTOR for an edit of an executable file, a script whatever its name", () => {
    expect(
      mutationClass("modify", { path: "bin/deploy", mode: "100755", binary: false }, true),
    ).toBe("AST_REFACTOR");
    expect(
      mutationClass("modify", { path: "bin/deploy", mode: "100644", binary: false }, true),
    ).toBe("INTENT_EVOLUTION");
    expect(
      mutationClass("modify", { path: "bin/deploy", mode: "120000", binary: false }, true),
    ).toBe("INTENT_EVOLUTION");
    // A symbolic link or a submodule is no code, whatever its name.
    expect(mutationClass("modify", { path: "link.ts", mode: "120000", binary: false }, true)).toBe(
      "INTENT_EVOLUTION",
    );
    expect(mutationClass("modify", { path: "sub.ts", mode: "160000", binary: true }, true)).toBe(
      "INTENT_EVOLUTION",
    );
    // A compiled program is executable and binary: no syntax tree to refactor.
    expect(mutationClass("modify", { path: "bin/tool", mode: "100755", binary: true }, true)).toBe(
      "INTENT_EVOLUTION",
    );
    expect(mutationClass("modify", { path: "lib/x.ts", mode: "100644", binary: true }, true)).toBe(
      "INTENT_EVOLUTION",
    );
  });

  it("is AST_REFACTOR for a rename or mode change that leaves the content as it was", () => {
    expect(
      mutationClass("rename", { path: "config/app.yaml", mode: "100644", binary: false }, false),
    ).toBe("AST_REFACTOR");
    expect(
      mutationClass("modify", { path: "scripts/run.sh", mode: "100755", binary: false }, false),
    ).toBe("AST_REFACTOR");
    expect(
      mutationClass("modify", { path: "package-lock.json", mode: "100644", binary: false }, false),
    ).toBe("AST_REFACTOR");
  });
});
