import type { BuildOptions } from 'esbuild';

/**
 * esbuild output is ESM; a few dependencies are still CommonJS and call `require` for Node
 * built-ins, which ESM does not define. The banner gives them one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __kintaiCreateRequire } from 'node:module'; const require = __kintaiCreateRequire(import.meta.url);";

/** The bundle every route function ships, shared by the CDK construct and the cold-start benchmark. */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  // The SDK v3 clients are bundled rather than taken from the runtime: the deployed code runs the
  // exact SDK version the tests ran.
  external: [],
} as const satisfies BuildOptions;
