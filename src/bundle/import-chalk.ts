/**
 * chalk, which is an ES module only. Built into dist/shared.cjs, which Node loads as a module: the
 * code-cached bundles (src/bundle/load-bundle.ts) cannot start an import() of their own on Node
 * 20 (a script compiled from a code cache loses its import callback), and require() of an ES
 * module needs Node 20.19.
 */
export function importChalk(): Promise<typeof import("chalk")> {
  return import("chalk");
}
