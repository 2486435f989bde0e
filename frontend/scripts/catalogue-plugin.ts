/**
 * Compiles the SPA's catalogues at build time (issue 31; README "ICU MessageFormat: Lingui"). Every
 * `src/i18n/catalogues/<lang>/<area>.json` is turned, before Vite's JSON plugin sees it, into the
 * same JSON with each ICU message compiled to Lingui's array form by `@lingui/message-utils`, so the
 * browser ships no parser. A plain text stays a string; a message with arguments, plurals or selects
 * becomes `{ "$icu": <compiled> }` (src/i18n/index.ts registers it with Lingui under its key path).
 * `common` also gets `messages`, the server's sentences the SPA shows itself, taken per language
 * from the server's catalogues (functions/shared/i18n/catalogues/<lang>.ts) so there is one copy.
 *
 * The dev server, `vite build`, the prerender (its SSR build loads this config) and the e2e build
 * all go through this one transform.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { en } from '../../functions/shared/i18n/catalogues/en.js';
import { ja } from '../../functions/shared/i18n/catalogues/ja.js';
import { MESSAGE_CODES } from '../../functions/shared/i18n/codes.js';

const CATALOGUE = /[/\\]src[/\\]i18n[/\\]catalogues[/\\]([^/\\]+)[/\\]([^/\\]+)\.json$/;
const SERVER_CATALOGUES: Record<string, Record<string, string>> = { ja, en };

/** One message: its source if it has no ICU syntax left after compiling, else its compiled form. */
function compileLeaf(value: unknown, path: string): unknown {
  if (typeof value === 'string') {
    let compiled;
    try {
      compiled = compileMessageOrThrow(value);
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
    }
    if (compiled.length === 0) return '';
    if (compiled.length === 1 && typeof compiled[0] === 'string') return compiled[0];
    return { $icu: compiled };
  }
  if (Array.isArray(value)) return value.map((item, i) => compileLeaf(item, `${path}.${i}`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, compileLeaf(inner, `${path}.${key}`)]));
  }
  return value;
}

/** The server sentences of `messages` in `language` (Japanese where the server has no catalogue). */
export function serverMessages(language: string): Record<string, string> {
  const server = SERVER_CATALOGUES[language] ?? ja;
  return Object.fromEntries(Object.entries(MESSAGE_CODES).map(([key, code]) => [key, server[code] ?? ja[code]]));
}

/** A catalogue file's JSON text, compiled (exported for the unit test and the prerender). */
export function compileCatalogue(source: string, language: string, area: string): string {
  const parsed = JSON.parse(source) as Record<string, unknown>;
  if (area === 'common') parsed.messages = serverMessages(language);
  return JSON.stringify(compileLeaf(parsed, `${language}/${area}`));
}

export function cataloguePlugin(): Plugin {
  return {
    name: 'kintai:catalogues',
    enforce: 'pre',
    transform(code, id) {
      const match = CATALOGUE.exec(id.split('?')[0] ?? id);
      if (!match) return null;
      const [, language = '', area = ''] = match;
      return { code: compileCatalogue(code, language, area), map: null };
    },
  };
}
