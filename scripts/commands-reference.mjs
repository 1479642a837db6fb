// Writes docs/commands.md from the command table (src/cli/registry.ts) through
// src/cli/commands-reference.ts: `npm run docs`. test/unit/commands-reference.test.ts fails
// while the committed file differs from what this writes.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { version } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));

/** The registry loads each command's module on demand: the reference needs none of them. */
const leaveCommandsOut = {
  name: "leave-commands-out",
  setup(context) {
    context.onResolve({ filter: /^\./ }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
    );
  },
};

// Bundled in memory and imported from a data: URL: the modules it holds import only node: ones.
const { outputFiles } = await build({
  entryPoints: [path.join(root, "src/cli/commands-reference.ts")],
  bundle: true,
  write: false,
  platform: "node",
  format: "esm",
  define: { __INTENTGUARD_VERSION__: JSON.stringify(version) },
  plugins: [leaveCommandsOut],
  logLevel: "warning",
});
const code = Buffer.from(outputFiles[0].contents).toString("base64");
const { commandsReference } = await import(`data:text/javascript;base64,${code}`);
await writeFile(path.join(root, "docs/commands.md"), commandsReference());
