/**
 * Which language the SPA starts in (issue 31): before sign-in the visitor's stored choice, else the
 * first of `navigator.languages` that has catalogues (exactly or by its primary subtag, `en-GB` → `en`),
 * else Japanese. Once signed in, the session's `language` wins (lib/session.tsx).
 */
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';

const STORAGE_KEY = 'kintai.language';

/** The best of `wanted` (browser order) among `available`, or null. */
function matchLanguage(wanted: readonly string[], available: readonly string[]): string | null {
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const exact = available.find((a) => a.toLowerCase() === lower);
    if (exact) return exact;
    const primary = available.find((a) => a.toLowerCase() === lower.split('-')[0]);
    if (primary) return primary;
  }
  return null;
}

function storedLanguage(): string | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored && LANGUAGES.includes(stored) ? stored : null;
  } catch {
    return null; // storage blocked (private mode): no stored choice
  }
}

/** Remembers a visitor's choice on this browser (the sign-in pages' and the landing page's switch). */
export function storeLanguage(language: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

export function initialLanguage(): string {
  return storedLanguage() ?? matchLanguage(navigator.languages ?? [], LANGUAGES) ?? DEFAULT_LANGUAGE;
}
