// Builds the CLI into one CommonJS file and regenerates the shipped JSON Schemas.
// One CJS file, not ESM modules: Node 20 starts a CJS entry ~15 ms sooner than an ESM one, and a
// hook runs on every commit. Dependencies stay external and are loaded lazily where used.
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { version } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
const shared = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  packages: "external",
  define: { __INTENTGUARD_VERSION__: JSON.stringify(version) },
  logLevel: "warning",
};

await build({
  ...shared,
  entryPoints: [path.join(root, "src/cli.ts")],
  outfile: path.join(root, "dist/cli.cjs"),
  banner: { js: "#!/usr/bin/env node" },
  // dist/cli.cjs.map (with the sources in it) maps the bundle back to src/ for stack traces under
  // --enable-source-maps and for the tests' coverage of the CLI processes they start. Node reads
  // it only with that flag or NODE_V8_COVERAGE set, so the hooks' start-up does not pay for it.
  sourcemap: "linked",
  sourcesContent: true,
});
await chmod(path.join(root, "dist/cli.cjs"), 0o755);
// The agent hooks' entry: run before and after every edit an agent makes, it bundles only what
// agent-hook needs (a fifth of the CLI), which Node compiles at every start.
// jsdiff is bundled in (its ES build, tree-shaken to the line diff): its CommonJS entry loads
// every one of its modules.
const { dependencies } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
await build({
  ...shared,
  packages: undefined,
  external: Object.keys(dependencies).filter((name) => name !== "diff"),
  mainFields: ["module", "main"],
  // Less for Node to parse at every start; names are kept, so a stack trace still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  entryPoints: [path.join(root, "src/agent-hook-cli.ts")],
  outfile: path.join(root, "dist/agent-hook.cjs"),
});

const generator = path.join(os.tmpdir(), `intentguard-schemas-${process.pid}.cjs`);
// The generator bundles zod in, so it runs from the temporary directory.
await build({
  ...shared,
  packages: undefined,
  entryPoints: [path.join(root, "src/core/config/json-schemas.ts")],
  outfile: generator,
});
try {
  const require = createRequire(import.meta.url);
  const schemas = require(generator).jsonSchemas();
  await mkdir(path.join(root, "schema"), { recursive: true });
  for (const [name, schema] of Object.entries(schemas)) {
    await writeFile(path.join(root, "schema", name), `${JSON.stringify(schema, null, 2)}\n`);
  }
} finally {
  await rm(generator, { force: true });
}
