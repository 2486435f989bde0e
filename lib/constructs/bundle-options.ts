import path from 'node:path';
import type { BuildOptions } from 'esbuild';

/**
 * esbuild output is ESM; a few dependencies are still CommonJS and call `require` for Node
 * built-ins, which ESM does not define. The banner gives them one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __kintaiCreateRequire } from 'node:module'; const require = __kintaiCreateRequire(import.meta.url);";

const SHIMS = path.resolve(import.meta.dirname, '../../functions/shared/bundle-shims');

/**
 * Packages replaced by a smaller module in the Lambda bundles only (tests and the local stack run the
 * real ones). Each shim says why it is safe; test/bench/cold-start.ts measures what they save.
 */
export const BUNDLE_ALIASES: Record<string, string> = {
  // The SDK's full credential chain (STS/SSO clients, ini files, IMDS): Lambda's credentials are in env.
  '@aws-sdk/credential-provider-node': path.join(SHIMS, 'lambda-credentials.ts'),
  // ElectroDB's model self-check: the models are constants that every test run checks.
  jsonschema: path.join(SHIMS, 'jsonschema.ts'),
  // ElectroDB's `require` of the whole package (every command): only the ones it sends.
  '@aws-sdk/lib-dynamodb': path.join(SHIMS, 'lib-dynamodb.js'),
  // The client's index re-exports every command; in the wrapped graph that keeps them all (see the shim).
  '@aws-sdk/client-dynamodb': path.join(SHIMS, 'client-dynamodb.js'),
  // The same for the Cognito client of the staff and company routes (seven admin commands).
  '@aws-sdk/client-cognito-identity-provider': path.join(SHIMS, 'client-cognito-identity-provider.js'),
  // The holiday dataset without the fields the API never reads (generated: test/bench/holiday-shim.ts).
  '@holiday-jp/holiday_jp': path.join(SHIMS, 'holidays-jp.ts'),
};

/** The same aliases as esbuild CLI arguments, for the CDK NodejsFunction's `esbuildArgs`. */
export const BUNDLE_ALIAS_ARGS: Record<string, string> = Object.fromEntries(
  Object.entries(BUNDLE_ALIASES).map(([name, file]) => [`--alias:${name}`, file]),
);

/**
 * Compile-time constants of the Lambda bundles: `process.env.KINTAI_BUNDLE` is "lambda", so branches
 * that only the local stack takes (the in-process export worker) are dropped from the bundle.
 */
export const BUNDLE_DEFINE: Record<string, string> = { 'process.env.KINTAI_BUNDLE': JSON.stringify('lambda') };

/** The bundle every route function ships, shared by the CDK construct and the cold-start benchmark. */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  // Japanese messages as UTF-8 (3 bytes a character) rather than \uXXXX escapes (6); Node reads UTF-8.
  charset: 'utf8',
  alias: BUNDLE_ALIASES,
  define: BUNDLE_DEFINE,
  // The SDK v3 clients are bundled rather than taken from the runtime: the deployed code runs the
  // exact SDK version the tests ran.
  external: [],
} as const satisfies BuildOptions;
