import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { en } from './catalogues/en.js';
import { ja, type MessageCode } from './catalogues/ja.js';
import { splitCodeText } from './code-text.js';

export type { MessageCode };
export type MessageParams = Record<string, string | number>;

/**
 * The server's catalogues (issue 31): one file per language under catalogues/, ICU MessageFormat,
 * formatted with Lingui (README "ICU MessageFormat"). A language is one catalogue file and its line
 * here; the `language` setting accepts exactly these.
 */
export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';

type Catalogue = Readonly<Record<MessageCode, string>>;
const catalogues = new Map<string, Catalogue>([
  ['ja', ja],
  ['en', en],
]);
const formatters = new Map<string, I18n>();

/**
 * Adds a catalogue at run time: the tests' pseudo-locale (every string bracketed), which proves that
 * what a caller reads comes from the catalogue. Not a product path: languages are files.
 */
export function registerCatalogue(language: string, catalogue: Catalogue): void {
  catalogues.set(language, catalogue);
  formatters.delete(language);
}

/** Every language a caller may be answered in (the product's, plus any a test registered). */
export const availableLanguages = (): string[] => [...catalogues.keys()];

const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(ja, code);

export { codeText } from './code-text.js';

/** The code and params of a `codeText` string whose code the catalogue has, else undefined. */
export function parseCodeText(text: string): { code: MessageCode; params: MessageParams } | undefined {
  const split = splitCodeText(text);
  return split && isMessageCode(split.code) ? { code: split.code, params: split.params } : undefined;
}

function formatter(language: string): I18n {
  let i18n = formatters.get(language);
  if (!i18n) {
    const catalogue = catalogues.get(language) ?? ja;
    // Compiled once per language and cold start (a few ms for the whole catalogue).
    const compiled = Object.fromEntries(Object.entries(catalogue).map(([code, text]) => [code, compileMessage(text)]));
    i18n = setupI18n({ locale: language, messages: { [language]: compiled } });
    formatters.set(language, i18n);
  }
  return i18n;
}

/** A catalogue message in `language` (Japanese when the language has no catalogue). */
export function formatMessage(language: string, code: MessageCode, params: MessageParams = {}): string {
  return formatter(catalogues.has(language) ? language : DEFAULT_LANGUAGE)._(code, params);
}

/**
 * The best catalogue for an `Accept-Language` header (RFC 9110 §12.5.4): ranges by q-value (a q of 0
 * refuses), each matched exactly or by its primary subtag (`en-GB` → `en`); `*` states no preference.
 * Undefined when nothing matches, so the next source of the language decides.
 */
export function matchAcceptLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(a)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => r.tag && r.q > 0 && r.q <= 1)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const available = availableLanguages();
  for (const { tag } of ranges) {
    // `*` (what Node's fetch sends by default) is no preference: the company's default decides.
    if (tag === '*') continue;
    const exact = available.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const primary = available.find((l) => l.toLowerCase() === tag.split('-')[0]);
    if (primary) return primary;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// The bridge from today's throw sites (a Japanese sentence) to codes: a sentence that is a Japanese
// catalogue entry, with its `{params}` filled in, is that entry. Throw sites move to explicit codes
// (HttpError's `{ code, params }`) area by area; until then this keeps one source of wording.

interface Pattern {
  code: MessageCode;
  regex: RegExp;
  names: string[];
}
let patterns: { exact: Map<string, MessageCode>; filled: Pattern[] } | undefined;

function jaPatterns() {
  if (patterns) return patterns;
  const exact = new Map<string, MessageCode>();
  const filled: Pattern[] = [];
  for (const [code, text] of Object.entries(ja) as [MessageCode, string][]) {
    // The engine's explanation lines are never thrown (domain/worktime/explanation.ts).
    if (/^(engine|day|variable|flex)\./.test(code)) continue;
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!exact.has(text)) exact.set(text, code);
      continue;
    }
    const source = text
      .split(/\{\w+\}/)
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(-?\\d+(?:\\.\\d+)?)');
    filled.push({ code, regex: new RegExp(`^${source}$`), names });
  }
  patterns = { exact, filled };
  return patterns;
}

/** The code and params of a Japanese sentence thrown today, or undefined if no catalogue entry is it. */
export function codeOfJapanese(text: string): { code: MessageCode; params: MessageParams } | undefined {
  const { exact, filled } = jaPatterns();
  const code = exact.get(text);
  if (code) return { code, params: {} };
  for (const p of filled) {
    const m = p.regex.exec(text);
    if (m) return { code: p.code, params: Object.fromEntries(p.names.map((n, i) => [n, Number(m[i + 1])])) };
  }
  return undefined;
}
