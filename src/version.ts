declare const __INTENTGUARD_VERSION__: string;

/** The package version, inlined by the build (scripts/build.mjs) and by vitest's `define`. */
export const version: string = __INTENTGUARD_VERSION__;
