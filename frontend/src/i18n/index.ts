/**
 * The SPA's copy in the active language (issue 31). Catalogues are files, one per language and area
 * (`catalogues/<lang>/<area>.json`, ICU MessageFormat, compiled to Lingui's array form at build time
 * by scripts/catalogue-plugin.ts); an area loads its files on demand (`loadArea`) before it renders,
 * so the punch screen downloads neither the admin's texts nor another language's.
 *
 * - `t.section.key` is a plain text, typed from the Japanese files (a missing key fails the typecheck);
 * - a message with arguments is formatted with `fmt(t.section.key, { n: 3 })` (Lingui formats it;
 *   its leaf in `t` is its key path, which Lingui knows it by);
 * - dates and numbers go through `Intl` with `locale()` (see ./format.ts).
 * A language without one of the files (e.g. before its admin texts exist) shows that file in Japanese.
 */
import { setupI18n, type Messages } from '@lingui/core';
import type { MessageKey } from '../../../functions/shared/messages';
import { AREA_FILES, AREA_SECTIONS, type Area, type CatalogueFile } from './areas';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';
import type jaAdmin from './catalogues/ja/admin.json';
import type jaCommon from './catalogues/ja/common.json';
import type jaEmployee from './catalogues/ja/employee.json';
import type jaOperator from './catalogues/ja/operator.json';
import type jaPublic from './catalogues/ja/public.json';

type DeepReadonly<T> = T extends string | number | boolean ? T : { readonly [K in keyof T]: DeepReadonly<T[K]> };

/** The shape every language's files have together (the server's sentences beside them as `messages`). */
export type Catalogue = DeepReadonly<
  typeof jaCommon & typeof jaPublic & typeof jaEmployee & typeof jaAdmin & typeof jaOperator
> & { readonly messages: Readonly<Record<MessageKey, string>> };

export { LANGUAGES } from './languages';

type Loader = () => Promise<unknown>;
const FILES: Record<string, Loader> = import.meta.glob('./catalogues/*/*.json', { import: 'default' });
const loaderOf = (language: string, file: CatalogueFile): Loader | undefined =>
  extraLanguages.get(language)?.(file) ?? FILES[`./catalogues/${language}/${file}.json`];

const extraLanguages = new Map<string, (file: CatalogueFile) => Loader | undefined>();

/** Every section of every file, created up front so a module may keep `const R = t.refreshBar`. */
export const t = Object.fromEntries(
  [...Object.values(AREA_SECTIONS).flat(), 'messages'].map((section) => [section, {}]),
) as unknown as Catalogue;

const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });
let active: string = DEFAULT_LANGUAGE;
/** The files merged into `t`, whatever the language. */
const wanted = new Set<CatalogueFile>();
const cache = new Map<string, Promise<{ tree: Record<string, unknown>; messages: Messages }>>();
const listeners = new Set<() => void>();

type Tree = Record<string, unknown>;

/** A compiled file as `t` holds it: plain texts as strings, ICU messages as their key path. */
function materialize(value: unknown, path: string, messages: Messages): unknown {
  if (Array.isArray(value)) return value.map((item, i) => materialize(item, `${path}.${i}`, messages));
  if (value && typeof value === 'object') {
    if ('$icu' in value) {
      messages[path] = (value as { $icu: Messages[string] }).$icu;
      return path;
    }
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, materialize(inner, path ? `${path}.${key}` : key, messages)]),
    );
  }
  return value;
}

/** Copies `source` into `target` keeping `target`'s objects, so references to sections stay valid. */
function mergeInto(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    const isObject = (v: unknown): v is Tree => !!v && typeof v === 'object' && !Array.isArray(v);
    if (isObject(value) && isObject(current)) mergeInto(current, value);
    else target[key] = value;
  }
}

function loadFile(language: string, file: CatalogueFile) {
  const key = `${language}/${file}`;
  let entry = cache.get(key);
  if (!entry) {
    const loader = loaderOf(language, file) ?? loaderOf(DEFAULT_LANGUAGE, file);
    if (!loader) throw new Error(`No catalogue ${key}`);
    entry = loader().then((data) => {
      const messages: Messages = {};
      return { tree: materialize(data, '', messages) as Tree, messages };
    });
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

async function apply(language: string, files: Iterable<CatalogueFile>): Promise<void> {
  const loaded = await Promise.all([...files].map((file) => loadFile(language, file)));
  if (language !== active) return; // switched meanwhile: the newer language wins
  for (const { tree, messages } of loaded) {
    mergeInto(t as unknown as Tree, tree);
    i18n.load(language, messages);
  }
}

/** Loads (once) the files `area` needs in the active language; await it before the area renders. */
export async function loadArea(area: Area | 'common'): Promise<void> {
  const files: readonly CatalogueFile[] = area === 'common' ? ['common'] : AREA_FILES[area];
  for (const file of files) wanted.add(file);
  await apply(active, files);
}

/** The active language (a catalogue folder's name). */
export const language = (): string => active;

/** The `Intl` locale of the active language (the pseudo-locale formats as English). */
export const locale = (): string => (extraLanguages.has(active) ? 'en' : active);

let pinned = false;
/** Keeps the current language whatever the session says (the tests' pseudo-locale only). */
export function pinLanguage(): void {
  pinned = true;
}

/** Switches every loaded area to `next` (a language without files falls back to Japanese). */
export async function setLanguage(next: string): Promise<void> {
  if (pinned) return;
  const target = LANGUAGES.includes(next) || extraLanguages.has(next) ? next : DEFAULT_LANGUAGE;
  if (target === active && wanted.size > 0) return;
  active = target;
  await apply(target, wanted);
  if (active !== target) return;
  i18n.activate(target);
  if (typeof document !== 'undefined') document.documentElement.lang = target;
  for (const listener of listeners) listener();
}

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds a language whose files come from `loaderFor` instead of a folder: the tests' pseudo-locale.
 * Not a product path (languages are folders); nothing in the product calls it.
 */
export function registerLanguage(name: string, loaderFor: (file: CatalogueFile) => Loader | undefined): void {
  extraLanguages.set(name, loaderFor);
  if (!LANGUAGES.includes(name)) LANGUAGES.push(name);
}

/** The Japanese file's loader (the pseudo-locale is made from it). */
export const japaneseLoader = (file: CatalogueFile): Loader | undefined => FILES[`./catalogues/ja/${file}.json`];

export type MessageValues = Record<string, string | number>;

/**
 * A catalogue message with its arguments: `fmt(t.monthTable.daysUnit, { n: 3 })`. The one way to fill
 * a message's placeholders (ICU: `{n}`, plurals, selects); a text without any comes back unchanged.
 */
export function fmt(message: string, values: MessageValues): string {
  return Object.hasOwn(i18n.messages, message) ? i18n._(message, values) : message;
}

/** The label of `key` in a catalogue map keyed by the server's codes (`t.monthTable.flags`), if any. */
export const labelOf = (labels: object, key: string | number): string | undefined =>
  (labels as Readonly<Record<string, string | undefined>>)[key];
