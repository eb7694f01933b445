import { DEFAULT_LOCALE, isLocale, type Locale } from '@memoria/domain';
import type { CoreShape, Namespace, NamespacesShape } from './locales/en';
import { writeLanguageCookie } from './language';
import {
  activeLanguage,
  addBundle,
  addNamespace,
  hasBundle,
  hasNamespace,
  loadedNamespaces,
  setLanguage,
  setMissingNamespaceHandler,
} from './translate';

export { t, useTranslation, type TFunction, type TranslationKey } from './translate';
export type { Namespace } from './locales/en';

/** The built app's texts (build/i18n-json.ts): `${I18N_JSON}/<file>.json`. */
async function fetchTexts(file: string): Promise<unknown> {
  const response = await fetch(`${import.meta.env.I18N_JSON}/${file}.json`);
  if (!response.ok) throw new Error(`No texts for ${file}`);
  return response.json();
}

/**
 * Only the active language is fetched. The build writes each core locale file as
 * `${I18N_JSON}/<lang>.json`; the dev server and the tests import the modules.
 */
const modules: Record<Locale, () => Promise<CoreShape>> = {
  en: () => import('./locales/en').then((m) => m.en),
  nl: () => import('./locales/nl').then((m) => m.nl),
  fr_be: () => import('./locales/fr_be').then((m) => m.fr_be),
  de: () => import('./locales/de').then((m) => m.de),
  es: () => import('./locales/es').then((m) => m.es),
  pl: () => import('./locales/pl').then((m) => m.pl),
  uk: () => import('./locales/uk').then((m) => m.uk),
};
const loadCore: (locale: Locale) => Promise<CoreShape> = import.meta.env.I18N_JSON
  ? (locale) => fetchTexts(locale) as Promise<CoreShape>
  : (locale) => modules[locale]();

export const NAMESPACES: readonly Namespace[] = [
  'collections',
  'memos',
  'connections',
  'profile',
  'reports',
  'media',
  'engagement',
  'notifications',
  'feed',
  'push',
  'accountData',
  'publicProfile',
  'messenger',
  'workspaces',
  'transfer',
  'calls',
  'subscriptions',
];

/**
 * The texts of one feature namespace in one language. The build writes each
 * `./locales/<ns>/<lang>.ts` as `${I18N_JSON}/<ns>/<lang>.json`: no map of loaders in the
 * entry. The dev server and the tests import the modules.
 */
const fetchNamespace: (locale: Locale, name: Namespace) => Promise<unknown> = import.meta.env
  .I18N_JSON
  ? (locale, name) => fetchTexts(`${name}/${locale}`)
  : (() => {
      const files = import.meta.glob<Partial<NamespacesShape>>('./locales/*/*.ts');
      return async (locale: Locale, name: Namespace) => {
        const file = files[`./locales/${name}/${locale}.ts`];
        if (!file) throw new Error(`No texts for ${locale}/${name}`);
        return (await file())[name];
      };
    })();

function isNamespace(name: string): name is Namespace {
  return (NAMESPACES as readonly string[]).includes(name);
}

const pending = new Map<string, Promise<void>>();

function loadNamespace(locale: Locale, name: Namespace): Promise<void> {
  if (hasNamespace(locale, name)) return Promise.resolve();
  const id = `${locale}/${name}`;
  let promise = pending.get(id);
  if (!promise) {
    promise = fetchNamespace(locale, name).then((strings) => {
      if (typeof strings !== 'object' || strings === null) throw new Error(`No texts for ${id}`);
      addNamespace(locale, name, strings as NamespacesShape[Namespace]);
    });
    pending.set(id, promise);
    promise.then(
      () => pending.delete(id),
      () => pending.delete(id),
    );
  }
  return promise;
}

/**
 * Loads feature namespaces of the active language; lazy screens await the ones they show
 * (app/pages.ts) so their first render has its texts.
 */
export async function loadNamespaces(...names: Namespace[]): Promise<void> {
  const locale = currentLocale();
  await Promise.all(names.map((name) => loadNamespace(locale, name)));
  // The language changed meanwhile (the profile's language applied after sign-in): the
  // screen shows the new one, so it needs that one's texts before it renders.
  if (currentLocale() !== locale) await loadNamespaces(...names);
}

/** The namespaces of `locale` loaded or on their way. */
function requestedNamespaces(locale: string): Namespace[] {
  const onTheirWay = [...pending.keys()]
    .filter((id) => id.startsWith(`${locale}/`))
    .map((id) => id.slice(locale.length + 1))
    .filter(isNamespace);
  return [...new Set([...loadedNamespaces(locale), ...onTheirWay])];
}

// A key of a namespace nobody asked for: fetch it now, the text follows when it arrives.
setMissingNamespaceHandler((locale, name) => {
  if (isLocale(locale) && isNamespace(name)) loadNamespace(locale, name).catch(() => {});
});

/**
 * Whether initI18n loads only the core (the app: screens load their namespaces) or every
 * namespace (the default, for component tests that render a feature directly).
 */
let onDemand = false;

export function loadNamespacesOnDemand(): void {
  // Component tests render features without the lazy page loaders that fetch their texts,
  // and importing the router anywhere would switch them to on-demand: they keep them all.
  if (import.meta.env.MODE === 'test') return;
  onDemand = true;
}

async function ensureLoaded(locale: Locale, namespaces: Namespace[]): Promise<void> {
  await Promise.all([
    hasBundle(locale) ? undefined : loadCore(locale).then((strings) => addBundle(locale, strings)),
    ...namespaces.map((name) => loadNamespace(locale, name)),
  ]);
}

export async function initI18n(locale: Locale): Promise<void> {
  // Every locale file has every key (tsc checks), so no second language is loaded.
  await ensureLoaded(locale, onDemand ? loadedNamespaces(locale) : [...NAMESPACES]);
  setLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}

export function currentLocale(): Locale {
  const language = activeLanguage();
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers it in the `language` cookie. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLanguageCookie(locale);
  const namespaces = requestedNamespaces(activeLanguage());
  if (currentLocale() === locale && hasBundle(locale)) return;
  // The new language gets the namespaces the open screens show or are loading.
  await ensureLoaded(locale, namespaces);
  setLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}
