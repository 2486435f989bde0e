import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import { ApiFunction } from '../../lib/constructs/api-function';
import { KintaiTable } from '../../lib/constructs/kintai-table';
import { PrivateBucket } from '../../lib/constructs/private-bucket';
import { FEATURE_FLAGS } from '../../lib/kintai-app';

/**
 * Bundles one real route with the house settings, offline, with the local esbuild (no Docker):
 * the other infra tests skip bundling to stay fast, `npm run synth` bundles every route.
 */
let assetDir: string;

beforeAll(() => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'kintai-bundle-'));
  const app = new App({ outdir, context: { ...FEATURE_FLAGS } });
  const stack = new Stack(app, 'Bundle', { env: { region: 'ap-northeast-1' } });
  const pool = new cognito.UserPool(stack, 'Pool');
  const route = ROUTES.find((r) => r.name === 'get-health')!;
  new ApiFunction(stack, 'Health', {
    route,
    namePrefix: 'kintai-bundle',
    environment: {
      STAGE: 'bundle',
      TABLE_NAME: 't',
      EMPLOYEE_POOL_ID: 'p',
      EMPLOYEE_CLIENT_ID: 'c',
      ADMIN_POOL_ID: 'p',
      ADMIN_CLIENT_ID: 'c',
      OPERATOR_POOL_ID: 'p',
      OPERATOR_CLIENT_ID: 'c',
    },
    resources: {
      table: new KintaiTable(stack, 'Table', { tableName: 't' }),
      exportsBucket: new PrivateBucket(stack, 'Exports'),
      employeePool: pool,
      adminPool: pool,
      operatorPool: pool,
    },
    logGroup: new logs.LogGroup(stack, 'Logs'),
  });
  const assembly = app.synth();
  const manifest = JSON.parse(readFileSync(path.join(assembly.directory, 'Bundle.assets.json'), 'utf8'));
  const file = Object.values<any>(manifest.files).find((f) => f.source.packaging === 'zip');
  assetDir = path.join(assembly.directory, file.source.path);
});

describe('esbuild bundling', () => {
  it('emits one minified ESM file with a source map', () => {
    const entry = path.join(assetDir, 'index.mjs');
    expect(existsSync(entry)).toBe(true);
    expect(existsSync(`${entry}.map`)).toBe(true);
    const code = readFileSync(entry, 'utf8');
    // The banner gives bundled CommonJS dependencies a `require`.
    expect(code.startsWith('import { createRequire as __kintaiCreateRequire }')).toBe(true);
    expect(code).toMatch(/export\s*\{[^}]*as handler/);
    // Minified: long lines (the few line breaks left are inside template literals).
    expect(code.length / code.split('\n').length).toBeGreaterThan(1000);
    // SDK v3 is bundled, not expected from the runtime.
    expect(code).not.toMatch(/from\s*"@aws-sdk\//);
    expect(statSync(entry).size).toBeLessThan(5 * 1024 * 1024);
  });

  it('loads under Node as an ES module and exports the handler', async () => {
    const mod = await import(path.join(assetDir, 'index.mjs'));
    expect(typeof mod.handler).toBe('function');
  });
});
