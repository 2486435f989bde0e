import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ses from 'aws-cdk-lib/aws-ses';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import { ApiFunction } from '../../lib/constructs/api-function';
import { KintaiTable } from '../../lib/constructs/kintai-table';
import { PrivateBucket } from '../../lib/constructs/private-bucket';
import { FEATURE_FLAGS } from '../../lib/kintai-app';

/**
 * Bundles real routes with the house settings, offline, with the local esbuild (no Docker): the
 * health check, a staff/company route (Japan-only phone metadata imported as JSON, the Cognito admin
 * client) and an export route (the S3 presigner without a client). The other infra tests skip
 * bundling to stay fast, `npm run synth` bundles every route.
 */
const BUNDLED_ROUTES = ['get-health', 'update-company', 'get-attendance-export'] as const;
const assetDirs = new Map<string, string>();

beforeAll(() => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'kintai-bundle-'));
  const app = new App({ outdir, context: { ...FEATURE_FLAGS } });
  const stack = new Stack(app, 'Bundle', { env: { region: 'ap-northeast-1' } });
  const pool = new cognito.UserPool(stack, 'Pool');
  const resources = {
    table: new KintaiTable(stack, 'Table', { tableName: 't' }),
    exportsBucket: new PrivateBucket(stack, 'Exports'),
    employeePool: pool,
    adminPool: pool,
    operatorPool: pool,
    mail: {
      identity: new ses.EmailIdentity(stack, 'Mail', { identity: ses.Identity.domain('kintai.example.jp') }),
      from: 'no-reply@kintai.example.jp',
      appUrl: 'https://kintai.example.jp',
    },
  };
  const logGroup = new logs.LogGroup(stack, 'Logs');
  const functions = BUNDLED_ROUTES.map((name) => {
    const route = ROUTES.find((r) => r.name === name)!;
    return new ApiFunction(stack, name, {
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
      resources,
      logGroup,
    });
  });
  const assembly = app.synth();
  const template = JSON.parse(readFileSync(path.join(assembly.directory, 'Bundle.template.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(path.join(assembly.directory, 'Bundle.assets.json'), 'utf8'));
  BUNDLED_ROUTES.forEach((name, i) => {
    // The function's code key is its asset's hash + ".zip"; the manifest maps the hash to the folder.
    const logicalId = stack.getLogicalId(functions[i]!.function.node.defaultChild as CfnElement);
    const hash = String(template.Resources[logicalId].Properties.Code.S3Key).replace(/\.zip$/, '');
    assetDirs.set(name, path.join(assembly.directory, manifest.files[hash].source.path));
  });
});

describe('esbuild bundling', () => {
  it('emits one minified ESM file with a source map', () => {
    const entry = path.join(assetDirs.get('get-health')!, 'index.mjs');
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
    // Japanese messages as UTF-8 text, not \uXXXX escapes.
    expect(code).toContain('入力内容に不備があります。');
    expect(statSync(entry).size).toBeLessThan(5 * 1024 * 1024);
  });

  it.each(BUNDLED_ROUTES)('%s loads under Node as an ES module and exports the handler', async (name) => {
    const mod = await import(path.join(assetDirs.get(name)!, 'index.mjs'));
    expect(typeof mod.handler).toBe('function');
  });

  it('ships Japan-only phone metadata and no S3 or Lambda client in the routes that sign one request', () => {
    const company = readFileSync(path.join(assetDirs.get('update-company')!, 'index.mjs'), 'utf8');
    expect(company).toContain('country_calling_codes:{"81":["JP"]}');
    const exportStatus = readFileSync(path.join(assetDirs.get('get-attendance-export')!, 'index.mjs'), 'utf8');
    expect(exportStatus).not.toContain('GetObjectCommand');
    expect(exportStatus).not.toContain('InvokeCommand');
  });
});
