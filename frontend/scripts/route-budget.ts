/**
 * Prints the gzipped JS and CSS each area's first visit downloads (the shell plus the area chunk
 * and everything they import statically, plus the area's catalogue files in one language) and fails
 * when /employees (in any language) or the prerendered landing `/` exceeds its budget: staff punch
 * from phones on mobile networks. Run after `npm run build:web`:
 *   npx tsx frontend/scripts/route-budget.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

// kB as Vite reports them (1 kB = 1000 bytes), so the numbers match the build output.
const EMPLOYEE_BUDGET_BYTES = 120_000;
const LANDING_BUDGET_BYTES = 90_000;
/**
 * What each route loads besides index.html's entry: `/` is prerendered and hydrates only its contact
 * form (src/boot.ts); every other path loads the SPA shell (src/main.tsx) and its area chunk.
 */
const SPA = 'src/main.tsx';
const AREAS = {
  '/ (prerendered landing)': ['src/public/landing-client.tsx'],
  '/users/sign_in (public)': [SPA, 'src/public/public-area.tsx'],
  '/employees': [SPA, 'src/employee/employee-area.tsx'],
  '/management (admin)': [SPA, 'src/admin/admin-area.tsx'],
  '/management (operator)': [SPA, 'src/operator/operator-area.tsx'],
} as const;
/** The catalogue files (src/i18n/areas.ts AREA_FILES) each route loads before it renders. */
const CATALOGUES: Record<keyof typeof AREAS, readonly string[]> = {
  '/ (prerendered landing)': ['common', 'public'], // the contact form's words
  '/users/sign_in (public)': ['common', 'public'],
  '/employees': ['common', 'employee'],
  '/management (admin)': ['common', 'public', 'employee', 'admin'],
  '/management (operator)': ['common', 'operator'],
};
const BUDGETS: Partial<Record<keyof typeof AREAS, number>> = {
  '/ (prerendered landing)': LANDING_BUDGET_BYTES,
  '/employees': EMPLOYEE_BUDGET_BYTES,
};

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Manifest;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const gzipped = (file: string) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

let failed = false;
// The head script scripts/prerender.ts writes into index.html (a few hundred bytes, every route).
const gate = /src="\/(assets\/route-gate-[^"]+\.js)"/.exec(readFileSync(`${dist}index.html`, 'utf8'))?.[1];
if (!gate) throw new Error('dist/index.html has no route gate: run `npm run build:web` (vite build + prerender)');

// Every language folder the build has (a language lacking a file loads the Japanese one).
const languages = [
  ...new Set(Object.keys(manifest).flatMap((k) => /^src\/i18n\/catalogues\/([^/]+)\//.exec(k)?.[1] ?? [])),
].sort((a, b) => (a === 'ja' ? -1 : b === 'ja' ? 1 : a.localeCompare(b)));
const catalogueKey = (language: string, file: string) =>
  manifest[`src/i18n/catalogues/${language}/${file}.json`]
    ? `src/i18n/catalogues/${language}/${file}.json`
    : `src/i18n/catalogues/ja/${file}.json`;

const runs = (Object.entries(AREAS) as [keyof typeof AREAS, readonly string[]][]).flatMap(([route, keys]) =>
  CATALOGUES[route].length === 0
    ? [{ route, label: route as string, keys }]
    : languages.map((language) => ({
        route,
        label: `${route} [${language}]`,
        keys: [...keys, ...CATALOGUES[route].map((file) => catalogueKey(language, file))],
      })),
);

for (const { route, label, keys } of runs) {
  for (const key of keys)
    if (!manifest[key]) throw new Error(`${key} is not a chunk in the manifest; did the lazy import move?`);
  const chunks = [...closure(['index.html', ...keys])].map((k) => manifest[k]!);
  const js = chunks.reduce((sum, c) => sum + gzipped(c.file), gzipped(gate));
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].reduce((sum, f) => sum + gzipped(f), 0);
  const budget = BUDGETS[route];
  const over = budget !== undefined && js > budget;
  failed ||= over;
  console.log(
    `${label.padEnd(31)} JS ${kb(js).padStart(9)} gz   CSS ${kb(css).padStart(8)} gz${budget ? `   budget ${kb(budget)}${over ? ' OVER' : ''}` : ''}`,
  );
}
process.exitCode = failed ? 1 : 0;
