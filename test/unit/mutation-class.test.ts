import { describe, expect, it } from "vitest";
import { mutationClass } from "../../src/core/trace/mutation-class.js";

describe("a file's mutation class", () => {
  it("is INTENT_EVOLUTION for a file created or deleted, whatever it holds", () => {
    for (const path of ["src/a.ts", "package-lock.json", "docs/x.md"]) {
      expect(mutationClass("create", path, "100644", true)).toBe("INTENT_EVOLUTION");
      expect(mutationClass("delete", path, null, true)).toBe("INTENT_EVOLUTION");
    }
  });

  it("is AST_REFACTOR for an edit of source code, known by its extension in any case", () => {
    for (const path of ["src/a.ts", "lib/b.PY", "cmd/main.go", "x/y.rs", "app.component.tsx"]) {
      expect(mutationClass("modify", path, "100644", true)).toBe("AST_REFACTOR");
      expect(mutationClass("rename", path, "100644", true)).toBe("AST_REFACTOR");
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
      expect(mutationClass("modify", path, "100644", true)).toBe("INTENT_EVOLUTION");
      expect(mutationClass("rename", path, "100644", true)).toBe("INTENT_EVOLUTION");
    }
  });

  it("is AST_REFACTOR for an edit of an executable file, a script whatever its name", () => {
    expect(mutationClass("modify", "bin/deploy", "100755", true)).toBe("AST_REFACTOR");
    expect(mutationClass("modify", "bin/deploy", "100644", true)).toBe("INTENT_EVOLUTION");
    expect(mutationClass("modify", "bin/deploy", "120000", true)).toBe("INTENT_EVOLUTION");
  });

  it("is AST_REFACTOR for a rename or mode change that leaves the content as it was", () => {
    expect(mutationClass("rename", "config/app.yaml", "100644", false)).toBe("AST_REFACTOR");
    expect(mutationClass("modify", "scripts/run.sh", "100755", false)).toBe("AST_REFACTOR");
    expect(mutationClass("modify", "package-lock.json", "100644", false)).toBe("AST_REFACTOR");
  });
});
