/**
 * The manual in the reader's language (issue 31): the Japanese manual (manual-content.ts) and the
 * English one (manual-content-en.ts) share areas, sections and screenshots; a language without a
 * manual of its own reads the Japanese one.
 */
import { MANUAL_AREAS_EN, MANUAL_INDEX_EN } from './manual-content-en';
import { MANUAL_AREAS, MANUAL_INDEX, type ManualArea, type ManualIndexText } from './manual-content';

export interface Manual {
  index: ManualIndexText;
  areas: readonly ManualArea[];
}

const MANUALS = {
  ja: { index: MANUAL_INDEX, areas: MANUAL_AREAS },
  en: { index: MANUAL_INDEX_EN, areas: MANUAL_AREAS_EN },
} as const satisfies Record<string, Manual>;

type ManualLang = keyof typeof MANUALS;

/** The manual for a language tag ('ja', 'en', …); Japanese when there is none in that language. */
export function manualFor(lang: string): Manual {
  return Object.hasOwn(MANUALS, lang) ? MANUALS[lang as ManualLang] : MANUALS.ja;
}
