// Builds the CLI into CommonJS bundles and regenerates the shipped JSON Schemas.
// CommonJS, not ESM modules: Node 20 starts a CJS entry ~15 ms sooner than an ESM one, and a hook
// runs on every commit. Dependencies stay external and are loaded lazily where used.
//
// Node compiles every byte of a bundle it loads, before any work (~20 ms for the whole CLI on
// this machine's 75 ms start), so no process loads code it will not run:
//   dist/cli.cjs                the entry: parses, helps, maps errors to exit codes; it loads
//                               one command's bundle, and nothing else, once the command is known
//   dist/command-<name>.cjs     one per command module the registry names (src/commands/<name>.ts),
//                               and one per hook (src/commands/hook/<hook>.ts): the reference-
//                               transaction hook of every commit loads the landing and no command
//   dist/shared.cjs             the modules of which a process must hold one copy: the error
//                               classes (the entry maps them to exit codes by instanceof) and the
//                               lock's wait announcer (the entry sets what it prints); and the
//                               import() of chalk, which a code-cached bundle cannot make
//   dist/agent-hook.cjs         the agent hooks' entry (src/agent-hook-cli.ts), which loads
//                               dist/command-agent-hook.cjs: none of the rest of the CLI
// Every bundle sits directly in dist/: src/install/package-root.ts finds the package as the
// parent of the running bundle's folder.
import { createHash } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const src = path.join(root, "src");
const dist = path.join(root, "dist");
const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
const shared = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  packages: "external",
  define: { __INTENTGUARD_VERSION__: JSON.stringify(pkg.version) },
  // Less for Node to parse at every start; names are kept, so a stack trace still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  // Each bundle's map (with the sources in it) maps it back to src/ for stack traces under
  // --enable-source-maps and for the tests' coverage of the CLI processes they start. Node reads
  // a map only with that flag or NODE_V8_COVERAGE set, so a hook's start does not pay for it.
  sourcemap: "linked",
  sourcesContent: true,
  logLevel: "warning",
};

/** The modules of which a process holds one copy, all in dist/shared.cjs. */
const singletons = ["errors.ts", "fs/file-lock.ts", "bundle/import-chalk.ts"].map((file) =>
  path.join(src, file),
);

/**
 * The modules loaded on demand, each its own bundle, by bundle name: every module of
 * src/commands/ that the registry or another command imports dynamically
 * (`import("./check-range.js")`: dist/command-check-range.cjs), which the agent hooks' entry
 * also loads (dist/command-agent-hook.cjs).
 */
async function onDemandModules() {
  const commands = path.join(src, "commands");
  const files = [
    path.join(src, "cli/registry.ts"),
    ...(await readdir(commands, { recursive: true }))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => path.join(commands, file)),
  ];
  const modules = new Map();
  for (const file of files) {
    const text = await readFile(file, "utf8");
    for (const [, relative] of text.matchAll(/import\("(\.\.?\/[\w./-]+)\.js"\)/g)) {
      const target = path.resolve(path.dirname(file), `${relative}.ts`);
      if (!target.startsWith(commands + path.sep)) continue;
      // command-hook-pre-push.cjs for src/commands/hook/pre-push.ts
      const name = path.relative(commands, target).replace(/\.ts$/, "").split(path.sep).join("-");
      modules.set(target, `command-${name}.cjs`);
    }
  }
  return modules;
}

/** Loads a bundle through the code cache (src/bundle/load-bundle.ts). */
const loader = path.join(src, "bundle/load-bundle.ts");

/**
 * Inside `entry`'s bundle: a singleton becomes a require of dist/shared.cjs, and a dynamic import
 * of another on-demand module a stub that loads its bundle (loadBundle), so that esbuild keeps the
 * import's laziness.
 */
function linkBundles(entry, onDemand) {
  return {
    name: "link-bundles",
    setup(context) {
      context.onResolve({ filter: /^\./ }, (args) => {
        if (args.path === "./shared.cjs") return { path: args.path, external: true };
        const target = path.resolve(args.resolveDir, args.path).replace(/\.js$/, ".ts");
        if (target === entry) return undefined;
        if (singletons.includes(target)) return { path: "./shared.cjs", external: true };
        // A static import (agent-uninstall uses agent-install's names) is bundled in.
        if (!onDemand.has(target) || args.kind !== "dynamic-import") return undefined;
        return { path: target, namespace: "on-demand" };
      });
      context.onLoad({ filter: /./, namespace: "on-demand" }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(onDemand.get(args.path))});`,
        resolveDir: src,
        loader: "js",
      }));
    },
  };
}

const onDemand = await onDemandModules();
const failureCatalogue = path.join(src, "report/failure/failure-text.ts");
// The agent hook command's bundle has jsdiff in (its ES build, tree-shaken to the line diff): its
// CommonJS entry loads every one of its modules.
const withJsdiff = {
  packages: undefined,
  external: Object.keys(pkg.dependencies).filter((name) => name !== "diff"),
  mainFields: ["module", "main"],
};
const bundles = [
  { entry: path.join(src, "cli.ts"), outfile: "cli.cjs", banner: { js: "#!/usr/bin/env node" } },
  // The agent hooks' entry: run before and after every edit an agent makes, it loads only
  // what agent-hook needs.
  { entry: path.join(src, "agent-hook-cli.ts"), outfile: "agent-hook.cjs" },
  // The catalogue of failures' words, which src/cli.ts loads only when it words one.
  { entry: failureCatalogue, outfile: "failure-text.cjs" },
  ...[...onDemand].map(([entry, outfile]) => ({
    entry,
    outfile,
    ...(outfile === "command-agent-hook.cjs" ? withJsdiff : {}),
  })),
];
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await Promise.all([
  ...bundles.map(({ entry, ...options }) =>
    build({
      ...shared,
      ...options,
      entryPoints: [entry],
      outfile: path.join(dist, options.outfile),
      plugins: [linkBundles(entry, onDemand)],
      // No import() in a bundle loadBundle compiles from a cache: each becomes a require.
      supported: { "dynamic-import": false },
    }),
  ),
  build({
    ...shared,
    stdin: {
      contents: singletons.map((file) => `export * from ${JSON.stringify(file)};`).join("\n"),
      resolveDir: src,
      sourcefile: "shared.ts",
    },
    outfile: path.join(dist, "shared.cjs"),
  }),
]);
await chmod(path.join(dist, "cli.cjs"), 0o755);
// Each on-demand bundle's sha256, by which loadBundle names its code cache.
const hashes = {};
for (const outfile of [...onDemand.values(), "failure-text.cjs"]) {
  const code = await readFile(path.join(dist, outfile));
  if (code.includes("import("))
    throw new Error(`dist/${outfile} holds an import(): see load-bundle.ts`);
  hashes[outfile] = createHash("sha256").update(code).digest("hex");
}
await writeFile(path.join(dist, "bundles.json"), `${JSON.stringify(hashes, null, 2)}\n`);

const generator = path.join(os.tmpdir(), `intentguard-schemas-${process.pid}.cjs`);
// The generator bundles zod in, so it runs from the temporary directory.
await build({
  ...shared,
  sourcemap: false,
  packages: undefined,
  entryPoints: [path.join(src, "core/config/json-schemas.ts")],
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
