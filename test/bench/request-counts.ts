/**
 * DynamoDB requests per API call (issue 9 §2), for `npm run bench`: runs the integration test
 * test/integration/request-counts.test.ts (its own emulators, a 20-staff company, every route once,
 * work status at 20 and 60 staff; the test asserts each route's budget) and prints its table.
 * The figures are also written to a JSON file that test/bench/cost-model.ts reads.
 *
 *   npx tsx test/bench/request-counts.ts [--out file.json]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { printRequestCounts, type RouteCount } from '../support/request-counts';

const ROOT = resolve(import.meta.dirname, '../..');
export const DEFAULT_OUT = join(tmpdir(), 'kintai-request-counts.json');

/** Runs the test (which asserts the budgets) and returns its figures. Throws when it fails. */
export function measureRequestCounts(out = DEFAULT_OUT): RouteCount[] {
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'test/integration/request-counts.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REQUEST_COUNTS_OUT: out, LOG_LEVEL: 'SILENT' },
  });
  if (r.status !== 0) {
    process.stderr.write(r.stdout.slice(-6000) + r.stderr.slice(-3000));
    throw new Error('request-counts.test.ts failed');
  }
  return JSON.parse(readFileSync(out, 'utf8')) as RouteCount[];
}

/** The figures of an earlier run when there is one, else a fresh measurement. */
export function requestCounts(out = DEFAULT_OUT, fresh = false): RouteCount[] {
  if (!fresh && existsSync(out)) return JSON.parse(readFileSync(out, 'utf8')) as RouteCount[];
  return measureRequestCounts(out);
}

if (process.argv[1]?.endsWith('request-counts.ts')) {
  const args = process.argv.slice(2);
  const out = args.includes('--out') ? resolve(args[args.indexOf('--out') + 1]!) : DEFAULT_OUT;
  const started = performance.now();
  const rows = measureRequestCounts(out);
  printRequestCounts(rows);
  console.log(
    `\n${rows.length} calls measured, every route within its budget (${((performance.now() - started) / 1000).toFixed(0)} s); figures in ${out}`,
  );
}
