/**
 * Lambda cold-start benchmark (issue 9): for every route, the esbuild bundle (same options as the CDK
 * function construct) and the median time to load it in a fresh Node process, next to a baseline
 * bundle that only creates a DynamoDBClient and an empty handler, all measured in the same run.
 * Budgets: load ≤ 1.3 × baseline and size ≤ 1.5 × baseline. Prints a table; exits 1 on a breach.
 *
 *   npx tsx test/bench/cold-start.ts [--runs 7] [--route name]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ESBUILD_OPTIONS } from '../../lib/constructs/bundle-options';
import { ROUTES } from '../../functions/routes';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] || 0) || 7;
const only = args.includes('--route') ? args[args.indexOf('--route') + 1] : undefined;
const ROOT = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'kintai-bench-'));

async function bundle(name: string, entry: string): Promise<string> {
  const outfile = join(out, `${name}.mjs`);
  await build({ ...ESBUILD_OPTIONS, entryPoints: [entry], outfile, logLevel: 'error', nodePaths: [join(ROOT, 'node_modules')] });
  return outfile;
}

/** Median load time (ms) of a module in fresh processes: what a cold start pays before the handler runs. */
function loadMs(file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t));`;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'SILENT' } });
    if (r.status !== 0) throw new Error(`${file} failed to load: ${r.stderr}`);
    times.push(Number(r.stdout));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const fixtures = join(out, 'fixtures');
mkdirSync(fixtures);
writeFileSync(join(fixtures, 'empty.ts'), 'export const handler = async () => ({ statusCode: 200 });\n');
writeFileSync(
  join(fixtures, 'baseline.ts'),
  "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nconst client = new DynamoDBClient({});\nexport const handler = async () => ({ statusCode: 200, body: String(Boolean(client)) });\n",
);

const kb = (bytes: number) => (bytes / 1024).toFixed(0);
const rows: { name: string; size: number; ms: number }[] = [];

// Resolve packages from the project for the fixtures.
process.chdir(ROOT);
const emptyFile = await bundle('empty', join(fixtures, 'empty.ts'));
const baselineFile = await bundle('baseline', join(fixtures, 'baseline.ts'));
const empty = { size: statSync(emptyFile).size, ms: loadMs(emptyFile) };
const baseline = { size: statSync(baselineFile).size, ms: loadMs(baselineFile) };

const seen = new Map<string, string>();
for (const route of ROUTES.filter((r) => !only || r.name === only)) {
  const file = seen.get(route.handler) ?? (await bundle(route.name, join(ROOT, route.handler)));
  seen.set(route.handler, file);
  rows.push({ name: route.name, size: statSync(file).size, ms: loadMs(file) });
}

const LOAD_BUDGET = 1.3;
const SIZE_BUDGET = 1.5;
console.log(`\nLambda bundles (esbuild, minified ESM, node24) — median of ${RUNS} fresh-process loads`);
console.log(`empty handler:      ${kb(empty.size).padStart(5)} KB  ${empty.ms.toFixed(1).padStart(6)} ms`);
console.log(`baseline (DDB only): ${kb(baseline.size).padStart(4)} KB  ${baseline.ms.toFixed(1).padStart(6)} ms`);
console.log(`budget per route:   ≤ ${kb(baseline.size * SIZE_BUDGET)} KB, ≤ ${(baseline.ms * LOAD_BUDGET).toFixed(1)} ms\n`);
console.log('route'.padEnd(30), 'size KB'.padStart(8), '×base'.padStart(6), 'load ms'.padStart(8), '×base'.padStart(6), ' ok');
let breaches = 0;
for (const r of rows) {
  const sizeRatio = r.size / baseline.size;
  const loadRatio = r.ms / baseline.ms;
  const ok = sizeRatio <= SIZE_BUDGET && loadRatio <= LOAD_BUDGET;
  if (!ok) breaches++;
  console.log(
    r.name.padEnd(30),
    kb(r.size).padStart(8),
    sizeRatio.toFixed(2).padStart(6),
    r.ms.toFixed(1).padStart(8),
    loadRatio.toFixed(2).padStart(6),
    ok ? ' ✓' : ' ✗',
  );
}
console.log(`\n${rows.length} routes, ${breaches} over budget`);
process.exitCode = breaches ? 1 : 0;
