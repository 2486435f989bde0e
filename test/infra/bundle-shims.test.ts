/**
 * The bundle-only stand-ins (functions/shared/bundle-shims, wired by lib/constructs/bundle-options.ts)
 * against the packages installed now: an SDK upgrade that moves or renames what a shim re-exports, or
 * an ElectroDB upgrade that changes how it uses `jsonschema`, fails here by name instead of in a
 * deployed bundle. Each shim is built with esbuild exactly as the bundles build it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_ALIASES,
  ESBUILD_OPTIONS,
  SDK_DIST_ALIASES,
  SHIMS,
  esBuildDir,
  sdkShimImports,
} from '../../lib/constructs/bundle-options.js';

const ROOT = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'kintai-shim-test-'));

/** Bundles `contents` (resolved from the repo root) with the bundles' options and imports the result. */
async function bundle<T>(
  name: string,
  contents: string,
  options: BuildOptions = {},
): Promise<{ module: T; inputs: string[] }> {
  const outfile = join(out, `${name}.mjs`);
  const result = await build({
    ...ESBUILD_OPTIONS,
    minify: false,
    stdin: { contents, resolveDir: ROOT, sourcefile: `${name}.ts`, loader: 'ts' },
    outfile,
    metafile: true,
    logLevel: 'silent',
    ...options,
  });
  return {
    module: (await import(pathToFileURL(outfile).href)) as T,
    inputs: Object.keys(result.metafile?.inputs ?? {}),
  };
}

/** Data only: the two bundles' functions (attribute validators, getters) are different closures. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const SDK_SHIMS = [
  ['client-dynamodb.js', '@aws-sdk/client-dynamodb'],
  ['lib-dynamodb.js', '@aws-sdk/lib-dynamodb'],
  ['client-cognito-identity-provider.js', '@aws-sdk/client-cognito-identity-provider'],
] as const;

describe.each(SDK_SHIMS)('SDK shim %s (stands in for %s)', (shimFile, pkg) => {
  const shim = join(SHIMS, shimFile);
  const imports = sdkShimImports().filter((i) => i.shim === shim);

  it('is the alias of the package in the bundles', () => {
    expect(BUNDLE_ALIASES[pkg]).toBe(shim);
  });

  it("re-exports only files that exist in the installed package's ES build", () => {
    expect(imports.length).toBeGreaterThan(0);
    const dist = esBuildDir(pkg);
    for (const i of imports) {
      // Inside the package's own dist-es, found from its package.json `module` field.
      expect(relative(dist, i.file).startsWith('..'), `${i.specifier} leaves ${dist}`).toBe(false);
      expect(
        () => readFileSync(i.file),
        `${shimFile}: ${i.specifier} → ${i.file} is gone (SDK upgrade?)`,
      ).not.toThrow();
    }
    expect(Object.keys(SDK_DIST_ALIASES)).toContain(`@kintai-sdk-dist/${pkg.replace('@aws-sdk/', '')}`);
  });

  it('offers every name it lists, each a class or function the package also exports under that name', async () => {
    const names = imports.flatMap((i) => i.names);
    // esbuild refuses a name the file does not export ("No matching export"): this build is that check.
    const { module: built } = await bundle<Record<string, unknown>>(
      `sdk-${shimFile}`,
      `export * from ${JSON.stringify(shim)};`,
    );
    const real = (await import(pkg)) as Record<string, unknown>;
    expect(Object.keys(built).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(typeof built[name], `${shimFile}: ${name}`).toBe('function');
      expect(typeof real[name], `${pkg} no longer exports ${name}`).toBe('function');
    }
  });
});

describe('lambda-credentials.ts (stands in for @aws-sdk/credential-provider-node)', () => {
  const shim = join(SHIMS, 'lambda-credentials.ts');

  it('replaces the export the SDK clients import, which the real package still has', async () => {
    expect(BUNDLE_ALIASES['@aws-sdk/credential-provider-node']).toBe(shim);
    const real = (await import('@aws-sdk/credential-provider-node')) as Record<string, unknown>;
    expect(typeof real.defaultProvider).toBe('function');
  });

  it("gives a bundled DynamoDB client the environment's credentials, without the full chain in the bundle", async () => {
    const { module, inputs } = await bundle<{ credentials: () => Promise<Record<string, unknown>> }>(
      'credentials',
      [
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        "const client = new DynamoDBClient({ region: 'ap-northeast-1' });",
        'export const credentials = () => client.config.credentials();',
      ].join('\n'),
    );
    expect(inputs.some((f) => f.endsWith('functions/shared/bundle-shims/lambda-credentials.ts'))).toBe(true);
    expect(inputs.filter((f) => f.includes('credential-provider-node') || f.includes('client-sts'))).toEqual([]);
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        AWS_ACCESS_KEY_ID: 'AKIDSHIM',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_SESSION_TOKEN: 'token',
      });
      expect(await module.credentials()).toMatchObject({
        accessKeyId: 'AKIDSHIM',
        secretAccessKey: 'secret',
        sessionToken: 'token',
      });
      delete process.env.AWS_ACCESS_KEY_ID;
      await expect(module.credentials()).rejects.toMatchObject({ name: 'CredentialsProviderError' });
    } finally {
      process.env = saved;
    }
  });
});

/**
 * ElectroDB asks `jsonschema` two things: is an entity model valid (`new Entity`), and is a Service
 * member a model rather than an Entity instance (`getInstanceType`). The same code is bundled twice,
 * with the shim (as shipped) and with the real package, and must answer alike for the project's models.
 */
describe('jsonschema.ts (stands in for jsonschema inside ElectroDB)', () => {
  interface Probe {
    db: typeof import('../../functions/db/service.js').db;
    Entity: typeof import('electrodb').Entity;
    Service: typeof import('electrodb').Service;
    getInstanceType: (instance: unknown) => string;
    electrodbVersion: string;
  }
  const probeSource = [
    `import { db } from ${JSON.stringify(join(ROOT, 'functions/db/service.ts'))};`,
    "import { Entity, Service } from 'electrodb';",
    "import { getInstanceType } from 'electrodb/src/util.js';",
    "import pkg from 'electrodb/package.json';",
    'export const electrodbVersion = pkg.version;',
    'export { db, Entity, Service, getInstanceType };',
  ].join('\n');
  const { jsonschema: _shimAlias, ...withoutShim } = ESBUILD_OPTIONS.alias;
  let shimmed: Probe;
  let real: Probe;
  let shimmedInputs: string[];
  let realInputs: string[];

  beforeAll(async () => {
    Object.assign(process.env, {
      STAGE: 'unit',
      TABLE_NAME: 'shim-test',
      EMPLOYEE_POOL_ID: 'p',
      EMPLOYEE_CLIENT_ID: 'c',
      ADMIN_POOL_ID: 'p',
      ADMIN_CLIENT_ID: 'c',
      OPERATOR_POOL_ID: 'p',
      OPERATOR_CLIENT_ID: 'c',
    });
    ({ module: shimmed, inputs: shimmedInputs } = await bundle<Probe>('electrodb-shim', probeSource));
    ({ module: real, inputs: realInputs } = await bundle<Probe>('electrodb-real', probeSource, { alias: withoutShim }));
  }, 120_000);

  it('is what the bundles use, and the reference build uses the real package', () => {
    expect(BUNDLE_ALIASES.jsonschema).toBe(join(SHIMS, 'jsonschema.ts'));
    expect(shimmedInputs.some((f) => f.endsWith('bundle-shims/jsonschema.ts'))).toBe(true);
    expect(shimmedInputs.some((f) => f.includes('node_modules/jsonschema/'))).toBe(false);
    expect(realInputs.some((f) => f.includes('node_modules/jsonschema/'))).toBe(true);
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules/electrodb/package.json'), 'utf8')) as {
      version: string;
    };
    expect(shimmed.electrodbVersion).toBe(installed.version);
  });

  it('accepts every model of the project, as the real validator does', () => {
    const names = Object.keys(real.db().entities);
    expect(names.length).toBeGreaterThan(10);
    expect(Object.keys(shimmed.db().entities)).toEqual(names);
    for (const name of names) {
      const viaReal = real.db().entities[name as keyof ReturnType<Probe['db']>['entities']];
      const viaShim = shimmed.db().entities[name as keyof ReturnType<Probe['db']>['entities']];
      // Constructing the entity runs ElectroDB's model validation.
      expect(real.getInstanceType(viaReal.schema), name).toBe('model');
      expect(shimmed.getInstanceType(viaShim.schema), name).toBe('model');
      expect(plain(viaShim.schema)).toEqual(plain(viaReal.schema));
    }
  });

  it('refuses Entity and Service instances as models, as the real validator does', () => {
    for (const probe of [real, shimmed]) {
      const { entities } = probe.db();
      for (const entity of Object.values(entities)) expect(probe.getInstanceType(entity)).toBe('entity');
      const service = new probe.Service({ ...entities }, { table: 't' });
      expect(probe.getInstanceType(service)).toBe('service');
      expect(probe.getInstanceType({})).toBe('');
    }
  });

  it('builds a Service from the entities and the same transaction as the real package', () => {
    const write = (probe: Probe) =>
      probe
        .db()
        .transaction.write(({ RateLimit, UniqueValue }) => [
          RateLimit.put({ bucket: 'inquiry#abc', window: 1_700_000_000, count: 1, expiresAt: 1_700_000_600 }).commit(),
          UniqueValue.create({ partition: 'company#1', value: 'a@example.jp', ownerId: 'e1' }).commit(),
          UniqueValue.delete({ partition: 'company#1', value: 'old@example.jp' }).commit(),
        ])
        .params();
    const get = (probe: Probe) =>
      probe
        .db()
        .transaction.get(({ RateLimit }) => [RateLimit.get({ bucket: 'inquiry#abc', window: 1_700_000_000 }).commit()])
        .params();
    const viaShim = write(shimmed);
    expect(viaShim.TransactItems).toHaveLength(3);
    expect(plain(viaShim)).toEqual(plain(write(real)));
    expect(plain(get(shimmed))).toEqual(plain(get(real)));
  });

  it('does not validate models: an invalid model is refused only by the real package (the unbundled tests)', () => {
    const invalid = {
      model: { entity: 'x', version: '1', service: 's' },
      attributes: { a: { type: 'no-such-type' } },
      indexes: {},
    };
    expect(() => new real.Entity(invalid as never)).toThrow();
    expect(real.getInstanceType(invalid)).toBe('');
    expect(shimmed.getInstanceType(invalid)).toBe('model');
  });
});

// The shims are source files the bundles read directly; none names a node_modules path.
it('no shim names a node_modules path', () => {
  for (const file of [
    'client-dynamodb.js',
    'lib-dynamodb.js',
    'client-cognito-identity-provider.js',
    'lambda-credentials.ts',
    'jsonschema.ts',
  ]) {
    expect(readFileSync(join(SHIMS, file), 'utf8')).not.toMatch(/node_modules/);
  }
});
