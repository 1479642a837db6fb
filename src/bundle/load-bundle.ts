import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { codeCacheHome } from "../environment.js";

/**
 * Loads one of dist/'s bundles (scripts/build.mjs), as `require` would, through a V8 code cache
 * of our own: Node compiles every bundle it loads before running any of it (~15 ms of a hook's
 * start for the landing's 230 KB), and Node 20 keeps no compile cache (module.enableCompileCache
 * came in 22.1). The cache of a bundle is written once, as the first process that loads it exits,
 * with every function that process compiled; later processes only deserialise it.
 *
 * Where: $XDG_CACHE_HOME/intentguard/<node version>-<arch>/<the bundle's sha256>[-<Node's flags>]
 * (~/.cache by default) — never in node_modules, which may be read-only or shared by work trees. Each file is
 * the bundle's own source followed by V8's data, and is used only when that source is byte for
 * byte the bundle's: a cache can never run other code than the bundle, only miss. Any miss, a
 * cache V8 rejects or an unwritable disk loads the bundle plainly, and so does a process under
 * coverage (whose counters a cache would lack), a debugger or --enable-source-maps.
 * INTENTGUARD_CODE_CACHE=0 turns it off. A script compiled from a cache cannot start an import()
 * on Node 20, so the bundles hold none: scripts/build.mjs turns each into a require, and chalk, an
 * ES module only, is imported from dist/shared.cjs (src/bundle/import-chalk.ts).
 */
export function loadBundle(name: string): unknown {
  const file = path.join(__dirname, name);
  const cacheFile = cacheFileOf(name);
  if (cacheFile === undefined) return createRequire(file)(file);
  const source = readFileSync(file);
  const cachedData = cachedDataFor(cacheFile, source);
  const script = new vm.Script(Module.wrap(source.toString("utf8")), {
    filename: file,
    cachedData,
  });
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once("exit", () => writeCache(cacheFile, source, script));
  }
  const module = new Module(file);
  module.filename = file;
  module.loaded = true;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, __dirname);
  return module.exports;
}

/** dist/bundles.json: each bundle's sha256, written by the build. */
let hashes: Record<string, string> | undefined;

function cacheFileOf(name: string): string | undefined {
  const home = codeCacheHome();
  if (home === null) return undefined;
  // A debugger, or stack traces mapped to src/, need the bundle loaded as a module.
  if (process.execArgv.some((arg) => /^--(inspect|enable-source-maps)/.test(arg))) return undefined;
  try {
    hashes ??= JSON.parse(readFileSync(path.join(__dirname, "bundles.json"), "utf8")) as Record<
      string,
      string
    >;
  } catch {
    hashes = {};
  }
  const hash = hashes[name];
  if (!hash) return undefined;

  // V8 refuses data made under other flags (a user's node --max-old-space-size=…): one file each.
  const flags = process.execArgv.join(" ").replace(/[^\w.=-]+/g, "_");
  return path.join(home, `${process.version}-${process.arch}`, flags ? `${hash}-${flags}` : hash);
}

/**
 * The V8 data of a cache file whose source is `source`: [length, 4 bytes][source][data]. Only a
 * file of this user's that nobody else may write counts: V8 runs the data as code, and a shared
 * or mistaken $XDG_CACHE_HOME (a CI runner's, a world-writable folder) must not let another user
 * put it there.
 */
function cachedDataFor(cacheFile: string, source: Buffer): Buffer | undefined {
  let cache: Buffer;
  let fd: number | undefined;
  try {
    fd = openSync(cacheFile, "r");
    const { uid, mode } = fstatSync(fd);
    if ((process.getuid && uid !== process.getuid()) || (mode & 0o022) !== 0) return undefined;
    cache = readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (cache.length <= 4 + source.length || cache.readUInt32LE(0) !== source.length)
    return undefined;
  if (!cache.subarray(4, 4 + source.length).equals(source)) return undefined;
  return cache.subarray(4 + source.length);
}

function writeCache(cacheFile: string, source: Buffer, script: vm.Script): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  let created = false;
  try {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(source.length);
    mkdirSync(path.dirname(cacheFile), { recursive: true, mode: 0o700 });
    // "wx": never through a file or symlink someone else left at that name (a shared folder).
    const fd = openSync(temporary, "wx", 0o600);
    created = true;
    try {
      writeFileSync(fd, Buffer.concat([length, source, script.createCachedData()]));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, cacheFile);
  } catch {
    // A cache is only ever an optimisation: a read-only or full disk loads plainly next time.
    if (!created) return;
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Gone already.
    }
  }
}
