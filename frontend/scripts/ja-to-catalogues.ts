/**
 * Writes the Japanese SPA catalogues (frontend/src/i18n/catalogues/ja/<area>.json) from the former
 * single-file catalogue frontend/src/i18n/ja.ts, word for word (issue 31). Deterministic: the same
 * ja.ts always gives the same files, so it can be re-run after a branch added keys to ja.ts (the file
 * no longer exists here: put the branch's ja.ts and contact.ts back into frontend/src/i18n/, run, delete them):
 *
 *   npx tsx frontend/scripts/ja-to-catalogues.ts [path/to/ja.ts]   (default frontend/src/i18n/ja.ts)
 *
 * Every string becomes an ICU MessageFormat message: today's `{n}` placeholders already are ICU
 * arguments; a literal apostrophe before `{`, `}` or `#` would need quoting, and the script refuses
 * such a text rather than guess. `messages` (the server's sentences) is not copied: the build takes it
 * from the server's catalogues (functions/shared/i18n/catalogues/<lang>.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { AREA_SECTIONS } from '../src/i18n/areas';

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(process.argv[2] ?? resolve(here, '../src/i18n/ja.ts'));
const outDir = resolve(here, '../src/i18n/catalogues/ja');

const { ja } = (await import(pathToFileURL(source).href)) as { ja: Record<string, unknown> };

function check(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (/'[{}#']/.test(value)) throw new Error(`${path}: an apostrophe before {, } or # needs ICU quoting`);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) check(inner, `${path}.${key}`);
  }
}

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => !!v && typeof v === 'object' && !Array.isArray(v);

/** ja.ts's value, plus the keys only the JSON file has (added since the move, e.g. the language switch's). */
function merged(fromJa: unknown, existing: unknown): unknown {
  if (!isTree(fromJa) || !isTree(existing)) return fromJa;
  const out: Tree = { ...fromJa };
  for (const [key, value] of Object.entries(existing)) out[key] = key in fromJa ? merged(fromJa[key], value) : value;
  return out;
}

const placed = new Set<string>(['messages']);
const prettierOptions = { ...(await resolveConfig(resolve(outDir, 'common.json'))), parser: 'json' };
mkdirSync(outDir, { recursive: true });
for (const [area, sections] of Object.entries(AREA_SECTIONS)) {
  const path = resolve(outDir, `${area}.json`);
  const existing = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Tree) : {};
  const file: Tree = {};
  for (const section of sections) {
    if (!(section in ja)) {
      if (section in existing) file[section] = existing[section];
      continue; // a section another branch has not added yet
    }
    check(ja[section], section);
    file[section] = merged(ja[section], existing[section]);
    placed.add(section);
  }
  writeFileSync(path, await format(JSON.stringify(file), prettierOptions));
}
const unplaced = Object.keys(ja).filter((section) => !placed.has(section));
if (unplaced.length > 0) {
  throw new Error(`Sections without an area (add them to frontend/src/i18n/areas.ts): ${unplaced.join(', ')}`);
}
console.log(`Wrote ${Object.keys(AREA_SECTIONS).length} catalogue files to ${outDir}`);
