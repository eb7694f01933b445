import { useMemo, useSyncExternalStore } from 'react';
import { LOCALE_TAGS, isLocale } from '@memoria/domain';
import type { CoreShape, LocaleShape, Namespace, NamespacesShape } from './locales/en';

/**
 * The app's own translation function: nested keys and `{{name}}` interpolation are all the
 * locale files use, so this replaces i18next and react-i18next (about 17 kB gzipped) on the
 * first screen. Only the active language's strings are loaded, and of those only the core
 * and the feature namespaces a screen asks for (i18n/index.ts).
 */

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

type LeafKey = Leaves<LocaleShape>;
/** `items` for a pair `items_one` / `items_other`: called with `{ count }`. */
type PluralKey = LeafKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;

/**
 * Every dotted key of the locale files: `t('nav.memos')`; a typo fails `tsc`. Plural keys
 * are written without their suffix (`t('x.items', { count })`) and pick `_zero`, `_one`,
 * `_two`, `_few`, `_many` or `_other` by the language's plural rules (Polish and Ukrainian
 * need `_few` and `_many`), falling back to `_other`.
 */
export type TranslationKey = LeafKey | PluralKey;
export type TranslationValues = Record<string, string | number | null | undefined>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const bundles = new Map<string, CoreShape>();
const namespaceBundles = new Map<string, Partial<NamespacesShape>>();
const listeners = new Set<() => void>();
let language = '';
/** Replaced whenever texts change (a language switch, a namespace arriving): what hooks watch. */
let texts = { language };
let onMissingNamespace: ((locale: string, name: string) => void) | undefined;
/**
 * `locale/namespace` of namespaces a text was asked of before they arrived: only then has a
 * component shown a key in place of a text, and only then does the arrival render again
 * (every component using useTranslation: the whole layout, each card).
 */
const shownMissing = new Set<string>();

function lookup(key: string): string | undefined {
  const [first = '', ...rest] = key.split('.');
  const namespaces = namespaceBundles.get(language) as Record<string, unknown> | undefined;
  let node: unknown =
    namespaces?.[first] ?? (bundles.get(language) as Record<string, unknown> | undefined)?.[first];
  if (node === undefined && !namespaces?.[first]) {
    shownMissing.add(`${language}/${first}`);
    onMissingNamespace?.(language, first);
  }
  for (const part of rest) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(isLocale(language) ? LOCALE_TAGS[language] : 'en');
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function resolve(key: string, values: TranslationValues | undefined): string | undefined {
  const count = values?.count;
  if (typeof count === 'number') {
    const plural = lookup(`${key}_${pluralCategory(count)}`) ?? lookup(`${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(key);
}

/** The text of `key` in the active language, `{{name}}` replaced; the key itself if missing. */
export const t: TFunction = (key, values) => {
  const text = resolve(key, values) ?? key;
  if (!values) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
};

export function activeLanguage(): string {
  return language;
}

export function hasBundle(locale: string): boolean {
  return bundles.has(locale);
}

/** Adds a language's core texts (optionally with namespaces, as tests do with full files). */
export function addBundle(locale: string, strings: CoreShape | LocaleShape): void {
  bundles.set(locale, strings);
  if (locale === language) notify();
}

/**
 * Forgets a language's texts, so the next switch to it loads them again: for tests that put
 * made-up texts under a real language's name (the `web` test files share this module).
 */
export function forgetLanguage(locale: string): void {
  bundles.delete(locale);
  namespaceBundles.delete(locale);
  pluralRules.delete(locale);
}

export function hasNamespace(locale: string, name: Namespace): boolean {
  return namespaceBundles.get(locale)?.[name] !== undefined;
}

/** The namespaces loaded for a language. */
export function loadedNamespaces(locale: string): Namespace[] {
  return Object.keys(namespaceBundles.get(locale) ?? {}) as Namespace[];
}

/**
 * Adds one feature namespace of a language; components that asked for one of its texts before
 * it arrived render again. The screens load theirs before they render (i18n/index.ts), so
 * usually nothing renders again.
 */
export function addNamespace<N extends Namespace>(
  locale: string,
  name: N,
  strings: NamespacesShape[N],
): void {
  namespaceBundles.set(locale, { ...namespaceBundles.get(locale), [name]: strings });
  if (shownMissing.delete(`${locale}/${name}`) && locale === language) notify();
}

/**
 * Called when `t()` meets a key whose first part is neither a core section nor a loaded
 * namespace: i18n/index.ts loads the namespace then, as a safety net behind the screens'
 * own loaders (the text shows once it arrives).
 */
export function setMissingNamespaceHandler(
  handler: ((locale: string, name: string) => void) | undefined,
): void {
  onMissingNamespace = handler;
}

/** Switches the active language; components using useTranslation render again. */
export function setLanguage(locale: string): void {
  if (locale === language) return;
  language = locale;
  notify();
}

function notify() {
  texts = { language };
  for (const listener of listeners) listener();
}

const currentTexts = () => texts;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The translation hook: `const { t } = useTranslation()`. Renders again on a language switch
 * and when a namespace arrives, so a text first shown as its key (a namespace still on its way,
 * e.g. while the language was switched) is replaced once its strings are there.
 */
export function useTranslation(): { t: TFunction; i18n: { language: string } } {
  const current = useSyncExternalStore(subscribe, currentTexts, currentTexts);
  // A new `t` per change, so memoised values that depend on it follow it.
  return useMemo(
    () => ({ t: (key, values) => t(key, values), i18n: { language: current.language } }),
    [current],
  );
}
