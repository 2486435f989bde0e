/**
 * The languages the SPA has catalogues for: every folder under catalogues/ with a `common.json`
 * (issue 31; adding a language is adding a folder). Apart from ./index so that the landing page's
 * boot script can choose without loading Lingui or any catalogue.
 */
export const DEFAULT_LANGUAGE = 'ja';

export const LANGUAGES: string[] = [
  ...new Set([
    DEFAULT_LANGUAGE,
    ...Object.keys(import.meta.glob('./catalogues/*/common.json')).map((path) => path.split('/')[2] ?? ''),
  ]),
].filter(Boolean);

/** A language's name in that language (日本語, English), for the switches. */
export function nativeName(language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}
