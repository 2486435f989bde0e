/**
 * Issue 13 item 7: Powertools Logger or the small logger (functions/shared/logger.ts)? Builds one
 * representative route handler (create-timestamp: session, DynamoDB, transaction, idempotency) with the
 * route bundle options (lib/constructs/bundle-options.ts) twice — as it ships, and with the logger module
 * swapped for an adapter over @aws-lambda-powertools/logger offering the same API (request context
 * included) — plus each logger alone, then loads every bundle in fresh processes, round-robin, and
 * prints size and median load time (CPU time, as test/bench/cold-start.ts measures it; wall clock next to it).
 *
 *   npx tsx test/bench/logger-choice.ts [--runs 15]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { ESBUILD_OPTIONS } from '../../lib/constructs/bundle-options';

const args = process.argv.slice(2);
const RUNS = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 0) || 15;
const ROOT = resolve(import.meta.dirname, '../..');
const ROUTE = join(ROOT, 'functions/api/timestamps/create-timestamp.ts');
const LOGGER = join(ROOT, 'functions/shared/logger.ts');
const out = mkdtempSync(join(tmpdir(), 'kintai-logger-bench-'));

// The same API as functions/shared/logger.ts, on Powertools: its Logger writes the line; the request
// context rides along as per-call keys (Powertools' own appendKeys is process-wide, not per request).
const adapter = join(out, 'powertools-logger.ts');
writeFileSync(
  adapter,
  `import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
const contexts = new AsyncLocalStorage<Record<string, unknown>>();
export const withLogContext = <T>(c: Record<string, unknown>, fn: () => T): T => contexts.run({ ...c }, fn);
export const addLogContext = (f: Record<string, unknown>) => { const c = contexts.getStore(); if (c) Object.assign(c, f); };
export const logContext = () => contexts.getStore();
const pt = new Logger({ serviceName: 'kintai' });
const extra = (f?: Record<string, unknown>) => ({ ...contexts.getStore(), ...f });
export const logger = {
  getLevelName: () => pt.getLevelName(),
  setLogLevel: (l: string) => pt.setLogLevel(l as 'INFO'),
  debug: (m: string, f?: Record<string, unknown>) => pt.debug(m, extra(f)),
  info: (m: string, f?: Record<string, unknown>) => pt.info(m, extra(f)),
  warn: (m: string, f?: Record<string, unknown>) => pt.warn(m, extra(f)),
  error: (m: string, f?: Record<string, unknown>) => pt.error(m, extra(f)),
};
`,
);
const small = join(out, 'small-only.ts');
writeFileSync(
  small,
  `import { logger } from ${JSON.stringify(LOGGER)};\nexport const handler = async () => { logger.debug('x'); return { statusCode: 200 }; };\n`,
);
const powertools = join(out, 'powertools-only.ts');
writeFileSync(
  powertools,
  `import { logger } from ${JSON.stringify(adapter)};\nexport const handler = async () => { logger.debug('x'); return { statusCode: 200 }; };\n`,
);
const empty = join(out, 'empty.ts');
writeFileSync(empty, 'export const handler = async () => ({ statusCode: 200 });\n');

/** Sends every import of functions/shared/logger.ts to the Powertools adapter. */
const swapLogger: Plugin = {
  name: 'swap-logger',
  setup(b) {
    b.onResolve({ filter: /\/logger\.js$/ }, async (a) => {
      if (a.pluginData === 'swap') return undefined;
      const r = await b.resolve(a.path, {
        kind: a.kind,
        resolveDir: a.resolveDir,
        importer: a.importer,
        pluginData: 'swap',
      });
      return r.path === LOGGER ? { path: adapter } : r;
    });
  },
};

async function bundle(name: string, entry: string, plugins: Plugin[] = []): Promise<string> {
  const outfile = join(out, `${name}.mjs`);
  await build({
    ...ESBUILD_OPTIONS,
    entryPoints: [entry],
    outfile,
    plugins,
    logLevel: 'error',
    nodePaths: [join(ROOT, 'node_modules')],
  });
  return outfile;
}

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

process.chdir(ROOT);
const rows = [
  { label: 'empty handler', file: await bundle('empty', empty) },
  { label: 'small logger alone', file: await bundle('small-only', small) },
  { label: 'Powertools Logger alone', file: await bundle('powertools-only', powertools) },
  { label: 'create-timestamp, small logger', file: await bundle('route-small', ROUTE) },
  { label: 'create-timestamp, Powertools', file: await bundle('route-powertools', ROUTE, [swapLogger]) },
].map((r) => ({ ...r, size: statSync(r.file).size, ms: [] as number[], cpu: [] as number[] }));

for (let i = 0; i < RUNS; i++) {
  for (const r of rows) {
    const { ms, cpu } = loadOnce(r.file);
    r.ms.push(ms);
    r.cpu.push(cpu);
  }
}
console.log(`\nLogger choice — esbuild route bundle options, median of ${RUNS} fresh-process loads, round-robin`);
console.log('bundle'.padEnd(34), 'size KB'.padStart(8), 'wall ms'.padStart(8), 'CPU ms'.padStart(7));
for (const r of rows) {
  console.log(
    r.label.padEnd(34),
    (r.size / 1024).toFixed(1).padStart(8),
    median(r.ms).toFixed(1).padStart(8),
    median(r.cpu).toFixed(1).padStart(7),
  );
}
type Row = (typeof rows)[number];
const [, smallAlone, ptAlone, withSmall, withPt] = rows as [Row, Row, Row, Row, Row];
// Paired: the two bundles of a pair load one after the other in every round, so the median of the
// per-round differences cancels most of a busy machine's drift.
const paired = (a: Row, b: Row) => median(a.cpu.map((x, i) => x - b.cpu[i]!));
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;
console.log(
  `\nPowertools instead of the small logger — alone: ${signed((ptAlone.size - smallAlone.size) / 1024)} KB, ${signed(paired(ptAlone, smallAlone))} ms CPU; ` +
    `in create-timestamp: ${signed((withPt.size - withSmall.size) / 1024)} KB, ${signed(paired(withPt, withSmall))} ms CPU (median of paired differences)`,
);
