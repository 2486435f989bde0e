import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../frontend/scripts/catalogue-plugin.js';
import { AREA_SECTIONS } from '../../frontend/src/i18n/areas.js';

/**
 * Issue 31: the SPA's catalogues (frontend/src/i18n/catalogues/<lang>/<area>.json). Every language
 * folder has the Japanese files with exactly their keys, every message compiles as ICU MessageFormat
 * and formats with its own arguments, and no text loses or gains a placeholder in translation.
 */
const dir = fileURLToPath(new URL('../../frontend/src/i18n/catalogues/', import.meta.url));
const languages = readdirSync(dir).sort();
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(`${dir}${language}/${file}`, 'utf8')) as Record<string, unknown>;
const jaFiles = readdirSync(`${dir}ja`).sort();

/** Every leaf as [path, value]. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
  return [[path, value]];
}

/** The argument names of an ICU message (plural/select arguments included), sorted. */
function argsOf(compiled: unknown): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, type, format] = token as [string, string?, unknown?];
      names.add(name);
      if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object')
        for (const choice of Object.values(format)) walk(choice);
    }
  };
  walk(compiled);
  return [...names].sort();
}

describe('SPA catalogues', () => {
  it('the Japanese files are exactly the areas of src/i18n/areas.ts', () => {
    expect(jaFiles).toEqual(
      Object.keys(AREA_SECTIONS)
        .map((area) => `${area}.json`)
        .sort(),
    );
    for (const [area, sections] of Object.entries(AREA_SECTIONS))
      expect(Object.keys(read('ja', `${area}.json`)).sort(), area).toEqual(
        sections.filter((s) => s in read('ja', `${area}.json`)).sort(),
      );
  });

  it.each(languages)('%s has every Japanese file with exactly its keys and placeholders', (language) => {
    const files = readdirSync(`${dir}${language}`).sort();
    // A language may lack a whole file for a while (its area then shows Japanese), never add one.
    expect(jaFiles).toEqual(expect.arrayContaining(files));
    for (const file of files) {
      const ours = new Map(leaves(read(language, file)));
      const japanese = new Map(leaves(read('ja', file)));
      expect([...ours.keys()].sort(), `${language}/${file}`).toEqual([...japanese.keys()].sort());
      for (const [path, value] of japanese) {
        const mine = ours.get(path);
        if (typeof value !== 'string') {
          expect(mine, `${language}/${file} ${path}`).toEqual(value);
          continue;
        }
        expect(typeof mine, `${language}/${file} ${path}`).toBe('string');
        expect(argsOf(compileMessageOrThrow(mine as string)), `${language}/${file} ${path}`).toEqual(
          argsOf(compileMessageOrThrow(value)),
        );
      }
    }
  });

  it.each(languages)('every %s message compiles and formats with its arguments', (language) => {
    for (const file of readdirSync(`${dir}${language}`)) {
      const compiled = JSON.parse(
        compileCatalogue(readFileSync(`${dir}${language}/${file}`, 'utf8'), language, file.replace(/\.json$/, '')),
      ) as unknown;
      // Format each message with a number for every argument: nothing is left unformatted.
      const messages: Record<string, unknown> = {};
      const collect = (node: unknown, path: string) => {
        if (node && typeof node === 'object' && !Array.isArray(node)) {
          if ('$icu' in node) messages[path] = (node as { $icu: unknown }).$icu;
          else for (const [key, inner] of Object.entries(node)) collect(inner, path ? `${path}.${key}` : key);
        } else if (Array.isArray(node)) node.forEach((inner, i) => collect(inner, `${path}.${i}`));
      };
      collect(compiled, '');
      const i18n = setupI18n({ locale: language, messages: { [language]: messages as never } });
      for (const [id, tokens] of Object.entries(messages)) {
        const values = Object.fromEntries(argsOf(tokens).map((name) => [name, 2]));
        const text = i18n._(id, values);
        expect(text, `${language}/${file} ${id}`).not.toMatch(/[{}]/);
        expect(text, `${language}/${file} ${id}`).not.toBe(id);
      }
    }
  });

  it('the build adds the server’s sentences to `common` in each language, by code', () => {
    const common = (language: string) =>
      JSON.parse(compileCatalogue(readFileSync(`${dir}ja/common.json`, 'utf8'), language, 'common')) as {
        messages: Record<string, unknown>;
      };
    expect(common('ja').messages.communicationFailed).toBe('通信に失敗しました');
    expect(common('en').messages.communicationFailed).toBe('Could not connect. Check your connection and try again.');
  });
});

describe('SPA code fills catalogue messages only through fmt()', () => {
  // A message with arguments is compiled at build time: `t.x.y` is then its key, not its text, so a
  // `.replace('{n}', …)` left in a screen shows the key (the merge of two branches once did).
  const src = fileURLToPath(new URL('../../frontend/src/', import.meta.url));
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));

  it('has no .replace of a {placeholder} anywhere in frontend/src', () => {
    const found = files.flatMap((f) =>
      readFileSync(`${src}${f}`, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\.replace\(\s*['"`]\{/.test(line) ? [`${f}:${i + 1}`] : [])),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
