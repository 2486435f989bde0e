/**
 * Prints the gzipped JS and CSS each area's first visit downloads (the shell plus the area chunk
 * and everything they import statically) and fails when /employees exceeds its budget: staff punch
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
const AREAS = {
  '/ (public)': 'src/public/public-area.tsx',
  '/employees': 'src/employee/employee-area.tsx',
  '/management (admin)': 'src/admin/admin-area.tsx',
  '/management (operator)': 'src/operator/operator-area.tsx',
} as const;

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
for (const [route, key] of Object.entries(AREAS)) {
  if (!manifest[key]) throw new Error(`${key} is not a chunk in the manifest; did the lazy import move?`);
  const chunks = [...closure(['index.html', key])].map((k) => manifest[k]!);
  const js = chunks.reduce((sum, c) => sum + gzipped(c.file), 0);
  const css = chunks.flatMap((c) => c.css ?? []).reduce((sum, f) => sum + gzipped(f), 0);
  const over = key === AREAS['/employees'] && js > EMPLOYEE_BUDGET_BYTES;
  failed ||= over;
  console.log(`${route.padEnd(24)} JS ${kb(js).padStart(9)} gz   CSS ${kb(css).padStart(8)} gz${over ? `   OVER BUDGET (${kb(EMPLOYEE_BUDGET_BYTES)})` : ''}`);
}
process.exitCode = failed ? 1 : 0;
