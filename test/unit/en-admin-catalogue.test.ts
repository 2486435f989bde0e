import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREA_SECTIONS } from '../../frontend/src/i18n/areas.js';

/** A catalogue file as written (the test run's Vite plugin would hand an import its compiled form). */
const catalogue = (language: string, area: string) =>
  JSON.parse(
    readFileSync(new URL(`../../frontend/src/i18n/catalogues/${language}/${area}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
const enAdmin = catalogue('en', 'admin');
const enOperator = catalogue('en', 'operator');

/**
 * Issue 31: the English admin and operator catalogues (catalogues/en/<area>.json) carry every key of
 * the Japanese sections of their area, no more, and every message is ICU that keeps the Japanese
 * message's placeholder names (the screens fill them by name).
 */
const AREAS = {
  admin: { en: enAdmin, sections: AREA_SECTIONS.admin },
  operator: { en: enOperator, sections: AREA_SECTIONS.operator },
};

/** Messages that quote a data token users type in Japanese (the shift CSV's day-off mark 休). */
const QUOTES_JAPANESE_TOKEN = new Set(['shifts.csvHint', 'shifts.csvProblems.header', 'shifts.csvProblems.pattern']);

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf as [dotted key, message]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** The argument names a compiled ICU message uses, plural and select branches included. */
function argNames(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    if (name !== '#') into.add(name);
    if (format && typeof format === 'object') {
      for (const [key, branch] of Object.entries(format))
        if (key !== 'offset' && Array.isArray(branch)) argNames(branch as CompiledMessage, into);
    }
  }
  return into;
}

const jaTree = { ...catalogue('ja', 'admin'), ...catalogue('ja', 'operator') } as Tree;

describe.each(Object.entries(AREAS))('the English %s catalogue', (_area, { en, sections }) => {
  it('has exactly the sections of its area', () => {
    expect(Object.keys(en).sort()).toEqual([...sections].sort());
  });

  it.each(sections)('section %s has exactly the keys of the Japanese catalogue', (section) => {
    const jaKeys = leaves(jaTree[section] as Tree)
      .map(([key]) => key)
      .sort();
    const enKeys = leaves(en[section] as Tree)
      .map(([key]) => key)
      .sort();
    expect(enKeys).toEqual(jaKeys);
  });

  it.each(sections)('every message of section %s compiles and keeps the Japanese placeholders', (section) => {
    const jaMessages = new Map(leaves(jaTree[section] as Tree));
    for (const [key, text] of leaves(en[section] as Tree)) {
      const where = `${section}.${key}`;
      expect(() => compileMessageOrThrow(text), where).not.toThrow();
      const expected = [...argNames(compileMessageOrThrow(jaMessages.get(key) ?? ''))].sort();
      expect([...argNames(compileMessageOrThrow(text))].sort(), where).toEqual(expected);
      expect(text, `${where}: typographic apostrophes only`).not.toMatch(/[A-Za-z]'[A-Za-z]/);
      if (!QUOTES_JAPANESE_TOKEN.has(where)) {
        expect(text, `${where}: no Japanese left`).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      }
    }
  });
});
