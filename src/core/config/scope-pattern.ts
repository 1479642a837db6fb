import { z } from "zod";
import { compileGlob } from "../scope/glob.js";
import { normalisePattern } from "../scope/normalise-pattern.js";

/**
 * A scope pattern, normalised on load; a pattern that cannot be one, or a glob using syntax the
 * matcher does not support, fails with its fix.
 */
export const ScopePattern = z
  .string({ error: 'a path or glob string, e.g. "src/auth/**"' })
  .transform((raw, ctx) => {
    const refuse = (refusal: { problem: string; fix: string }) => {
      ctx.addIssue({ code: "custom", message: `"${raw}" ${refusal.problem}; ${refusal.fix}` });
      return z.NEVER;
    };
    const normalised = normalisePattern(raw);
    if (!normalised.ok) return refuse(normalised);
    const compiled = compileGlob(normalised.pattern);
    if (!compiled.ok) return refuse(compiled);
    return normalised.pattern;
  })
  .meta({
    description:
      "Repo-root relative file, directory or glob (picomatch syntax with dot: true; extglobs, POSIX classes, [!…] and brace ranges are refused). Matched in time linear in the path's length.",
  });
