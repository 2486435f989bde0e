/**
 * Issue 31 A1: which ICU MessageFormat library, for the Lambda routes and for the SPA?
 *
 * Server: one entry per candidate that formats a plural + number message, bundled with the route
 * bundle options (lib/constructs/bundle-options.ts) and loaded in fresh Node processes (median CPU time
 * of the import, as test/bench/cold-start.ts measures it), next to an empty entry.
 * SPA: the same use from a browser bundle (esbuild, minified, ES2022, React left external since the
 * shell already ships it), gzipped at level 9 as frontend/scripts/route-budget.ts counts: what the
 * library adds to the punch screen's scripts.
 *
 *   npx tsx test/bench/icu-choice.ts [--runs 15]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ESBUILD_OPTIONS } from '../../lib/constructs/bundle-options';

const args = process.argv.slice(2);
const RUNS = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 0) || 15;
const ROOT = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'kintai-icu-bench-'));

const MESSAGE = '{n, plural, one {# day left} other {# days left}} ({d, number})';
const PARAMS = '{ n: 2, d: 1234.5 }';

/** What each candidate needs to turn MESSAGE into text, on the server (messages parsed at load). */
const SERVER: Record<string, string> = {
  'empty entry': `export const text = () => '';`,
  'intl-messageformat': `import { IntlMessageFormat } from 'intl-messageformat';
export const text = () => new IntlMessageFormat(${JSON.stringify(MESSAGE)}, 'en').format(${PARAMS});`,
  '@lingui/core + compileMessage': `import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
const i18n = setupI18n({ locale: 'en', messages: { en: { m: compileMessage(${JSON.stringify(MESSAGE)}) } } });
export const text = () => i18n._('m', ${PARAMS});`,
  'i18next + i18next-icu': `import i18next from 'i18next';
import ICU from 'i18next-icu';
const i18n = i18next.createInstance();
i18n.use(ICU).init({ lng: 'en', initAsync: false, resources: { en: { translation: { m: ${JSON.stringify(MESSAGE)} } } } });
export const text = () => i18n.t('m', ${PARAMS});`,
};

/** The SPA: Lingui's runtime takes messages compiled at build time (no parser in the browser). */
const SPA: Record<string, string> = {
  'intl-messageformat': SERVER['intl-messageformat']!,
  '@lingui/core (precompiled catalogue)': `import { setupI18n } from '@lingui/core';
const i18n = setupI18n({ locale: 'en', messages: { en: { m: [['n', 'plural', { one: ['#', ' day left'], other: ['#', ' days left'] }], ' (', ['d', 'number'], ')'] } } });
export const text = () => i18n._('m', ${PARAMS});`,
  '@lingui/core + @lingui/react (precompiled)': `import { setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
const i18n = setupI18n({ locale: 'en', messages: { en: { m: [['n', 'plural', { one: ['#', ' day left'], other: ['#', ' days left'] }]] } } });
export { I18nProvider, useLingui, i18n };`,
  'react-intl': `import { IntlProvider, FormattedMessage, useIntl } from 'react-intl';
export { IntlProvider, FormattedMessage, useIntl };`,
  'i18next + react-i18next + i18next-icu': `${SERVER['i18next + i18next-icu']!}
export { useTranslation, I18nextProvider } from 'react-i18next';`,
};

function slug(name: string) {
  return name.replace(/[^a-z0-9]+/gi, '-');
}

async function serverBundle(name: string, source: string): Promise<string> {
  const entry = join(out, `${slug(name)}.server.ts`);
  writeFileSync(entry, `${source}\nexport const handler = async () => text();\n`);
  const outfile = join(out, `${slug(name)}.server.mjs`);
  await build({
    ...ESBUILD_OPTIONS,
    entryPoints: [entry],
    outfile,
    nodePaths: [join(ROOT, 'node_modules')],
    logLevel: 'error',
  });
  return outfile;
}

async function spaBytes(name: string, source: string): Promise<number> {
  const entry = join(out, `${slug(name)}.web.ts`);
  writeFileSync(entry, source);
  const outfile = join(out, `${slug(name)}.web.js`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    nodePaths: [join(ROOT, 'node_modules')],
    logLevel: 'error',
  });
  return gzipSync(readFileSync(outfile), { level: 9 }).length;
}

/** CPU ms of importing the bundle and formatting once, in a fresh process. */
function loadCpuMs(file: string): number {
  const script = `const s = process.cpuUsage(); const m = await import(${JSON.stringify(pathToFileURL(file).href)}); await m.handler(); const u = process.cpuUsage(s); console.log((u.user + u.system) / 1000);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout.trim());
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const files = Object.fromEntries(
  await Promise.all(Object.entries(SERVER).map(async ([n, s]) => [n, await serverBundle(n, s)] as const)),
);
const samples: Record<string, number[]> = Object.fromEntries(Object.keys(files).map((n) => [n, []]));
for (let i = 0; i < RUNS; i++) for (const [n, f] of Object.entries(files)) samples[n]!.push(loadCpuMs(f));

console.log(`Server (route bundle options, median CPU ms of import + one format over ${RUNS} fresh processes)`);
for (const [n, f] of Object.entries(files)) {
  console.log(
    `  ${n.padEnd(40)} ${(statSync(f).size / 1000).toFixed(1).padStart(7)} kB  ${median(samples[n]!).toFixed(1).padStart(6)} ms CPU`,
  );
}
console.log('SPA (minified, gzipped level 9, React external)');
for (const [n, s] of Object.entries(SPA)) {
  console.log(`  ${n.padEnd(40)} ${((await spaBytes(n, s)) / 1000).toFixed(1).padStart(7)} kB gz`);
}
