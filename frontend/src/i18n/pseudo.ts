/**
 * The tests' pseudo-locale (issue 31): the Japanese catalogues with every text bracketed ⟦…⟧ and its
 * ICU arguments kept, so a browser walk can tell catalogue text from hard-coded text. Generated in
 * the browser from the Japanese files; registered only when a test sets
 * `window.__KINTAI_PSEUDO_LOCALE__` before the page loads (main.tsx). Not a product language.
 */
import { japaneseLoader, registerLanguage } from './index';

export const PSEUDO_FLAG = '__KINTAI_PSEUDO_LOCALE__';

function bracket(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : `⟦${value}⟧`;
  if (Array.isArray(value)) return value.map(bracket);
  if (value && typeof value === 'object') {
    if ('$icu' in value) return { $icu: ['⟦', ...(value as { $icu: unknown[] }).$icu, '⟧'] };
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, bracket(inner)]));
  }
  return value;
}

/** Registers the pseudo-locale as `name`; returns it. */
export function registerPseudoLocale(name: string): string {
  registerLanguage(name, (file) => {
    const japanese = japaneseLoader(file);
    return japanese ? () => japanese().then(bracket) : undefined;
  });
  return name;
}
