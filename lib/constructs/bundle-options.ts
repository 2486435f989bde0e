import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';

/**
 * esbuild output is ESM; a few dependencies are still CommonJS and call `require` for Node
 * built-ins, which ESM does not define. The banner gives them one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __kintaiCreateRequire } from 'node:module'; const require = __kintaiCreateRequire(import.meta.url);";

export const SHIMS = path.resolve(import.meta.dirname, '../../functions/shared/bundle-shims');

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

/**
 * The SDK shims (client-dynamodb.js, lib-dynamodb.js, client-cognito-identity-provider.js) re-export
 * single files of a package's ES build: `@kintai-sdk-dist/client-dynamodb/commands/GetItemCommand.js`
 * is `dist-es/commands/GetItemCommand.js` of whichever `@aws-sdk/client-dynamodb` Node resolves from
 * here, its directory read from the package's `module` field when this module loads (CDK synth, the
 * tests, the benchmark). No shim names a node_modules path, and an SDK upgrade that moves a file stops
 * the build with the file's name (checkSdkShims below); esbuild refuses a name the file no longer exports.
 */
const SDK_DIST_PREFIX = '@kintai-sdk-dist/';
const SDK_SHIMS: Record<string, string> = {
  'client-dynamodb': 'client-dynamodb.js',
  'lib-dynamodb': 'lib-dynamodb.js',
  'client-cognito-identity-provider': 'client-cognito-identity-provider.js',
};

const requireHere = createRequire(import.meta.url);

/** The package.json of `pkg` as Node resolves it from this file (via its main file when `exports` hides package.json). */
function manifestOf(pkg: string): { file: string; json: { version?: string; module?: unknown } } {
  let file: string | undefined;
  try {
    file = requireHere.resolve(`${pkg}/package.json`);
  } catch {
    let dir: string;
    try {
      dir = path.dirname(requireHere.resolve(pkg));
    } catch {
      throw new Error(`Bundle shims: cannot resolve ${pkg} (is it installed?)`);
    }
    for (; !file && dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'package.json');
      if (existsSync(candidate) && JSON.parse(readFileSync(candidate, 'utf8')).name === pkg) file = candidate;
    }
    if (!file) throw new Error(`Bundle shims: no package.json found for ${pkg}`);
  }
  return { file, json: JSON.parse(readFileSync(file, 'utf8')) };
}

/** The directory of a package's ES build: the folder of its package.json `module` entry (`dist-es` in SDK v3). */
export function esBuildDir(pkg: string): string {
  const { file, json } = manifestOf(pkg);
  if (typeof json.module !== 'string') {
    throw new Error(
      `Bundle shims: ${pkg} ${json.version ?? ''} has no "module" field in ${file}; the shims in functions/shared/bundle-shims ` +
        're-export files of its ES build: check where the package keeps it now and update the shims and lib/constructs/bundle-options.ts.',
    );
  }
  return path.dirname(path.resolve(path.dirname(file), json.module));
}

/** `@kintai-sdk-dist/<name>` → `@aws-sdk/<name>`'s ES build directory, for every package an SDK shim reads. */
export const SDK_DIST_ALIASES: Record<string, string> = Object.fromEntries(
  Object.keys(SDK_SHIMS).map((name) => [`${SDK_DIST_PREFIX}${name}`, esBuildDir(`@aws-sdk/${name}`)]),
);

export interface ShimImport {
  /** The shim file (absolute). */
  shim: string;
  /** The specifier as written in the shim, e.g. `@kintai-sdk-dist/client-dynamodb/commands/GetItemCommand.js`. */
  specifier: string;
  /** The file it resolves to through SDK_DIST_ALIASES (absolute). */
  file: string;
  /** The names the shim re-exports from it. */
  names: string[];
}

/** Every `export { … } from '@kintai-sdk-dist/…'` of the SDK shims, resolved. */
export function sdkShimImports(): ShimImport[] {
  return Object.values(SDK_SHIMS).flatMap((shimFile) => {
    const shim = path.join(SHIMS, shimFile);
    const source = readFileSync(shim, 'utf8');
    return [...source.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].map(([, list, specifier]) => {
      const alias = Object.keys(SDK_DIST_ALIASES).find((a) => specifier!.startsWith(`${a}/`));
      if (!alias)
        throw new Error(
          `Bundle shims: ${shimFile} imports ${specifier}; SDK shims import only ${SDK_DIST_PREFIX}<package>/… paths`,
        );
      const names = list!
        .split(',')
        .map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        )
        .filter(Boolean);
      return {
        shim,
        specifier: specifier!,
        file: path.join(SDK_DIST_ALIASES[alias]!, specifier!.slice(alias.length + 1)),
        names,
      };
    });
  });
}

/**
 * Fails the build, by name, when an SDK upgrade moved or removed a file an SDK shim re-exports
 * (otherwise the first sign would be a route failing to bundle with esbuild's generic message).
 * Runs when this module loads; test/infra/bundle-shims.test.ts checks the same per shim.
 */
function checkSdkShims(): void {
  const missing = sdkShimImports().filter((i) => !existsSync(i.file));
  if (missing.length === 0) return;
  const lines = missing.map(
    (i) => `  ${path.basename(i.shim)}: ${i.specifier} → ${i.file} (for ${i.names.join(', ')})`,
  );
  throw new Error(
    `Bundle shims: the installed AWS SDK no longer has ${missing.length} file(s) the shims in functions/shared/bundle-shims re-export:\n` +
      `${lines.join('\n')}\nFind where the SDK keeps these exports now and update the shims' paths.`,
  );
}
checkSdkShims();

/** The same aliases as esbuild CLI arguments, for the CDK NodejsFunction's `esbuildArgs`. */
export const BUNDLE_ALIAS_ARGS: Record<string, string> = Object.fromEntries(
  Object.entries({ ...BUNDLE_ALIASES, ...SDK_DIST_ALIASES }).map(([name, file]) => [`--alias:${name}`, file]),
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
  alias: { ...BUNDLE_ALIASES, ...SDK_DIST_ALIASES },
  define: BUNDLE_DEFINE,
  // The SDK v3 clients are bundled rather than taken from the runtime: the deployed code runs the
  // exact SDK version the tests ran.
  external: [],
} as const satisfies BuildOptions;
