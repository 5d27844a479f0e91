/**
 * i18next: Italian by default, English available, no fallback language, escaping off.
 * One namespace per area of the shell (and one per product plugin, added when its module loads).
 * The shell's own namespaces (NAMESPACES) load with the language; a feature's namespace
 * (`locales/{lang}/{feature}.json`) loads the first time a screen asks for it, so screens
 * behind lazy routes add nothing to the login page.
 * The tenant's wording is a default variable every string may use: {{agent}}, {{agents}}…,
 * and `{{agent, lowercase}}` inside a sentence ('Tipo di agente', 'Tipo di car dealer').
 */
import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Wording } from './wording';

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'auth', 'layout', 'menu'] as const;
const LANGUAGE_KEY = 'lang';

type Bundles = Record<(typeof NAMESPACES)[number], Record<string, unknown>>;

/** Each language's bundles load on demand: the initial JavaScript carries one language. */
export const LOADERS: Record<Language, () => Promise<Bundles>> = {
  it: () => import('../locales/it/shell').then((m) => m.default),
  en: () => import('../locales/en/shell').then((m) => m.default),
};

type JsonModule = { default: Record<string, unknown> };
/** Every feature file, without the shell's own (they travel in `locales/{lang}/shell`). */
const FEATURE_FILES = import.meta.glob<JsonModule>([
  '../locales/*/*.json',
  '!../locales/*/{common,auth,layout,menu}.json',
]);

/** Feature namespaces: every `locales/it/*.json` that is not one of the shell's own. */
export const FEATURE_NAMESPACES: string[] = Object.keys(FEATURE_FILES)
  .filter((path) => path.startsWith('../locales/it/'))
  .map((path) => path.slice('../locales/it/'.length, -'.json'.length))
  .filter((ns) => !(NAMESPACES as readonly string[]).includes(ns))
  .sort();

/** The i18next backend: the shell's namespaces from the language's shell bundle, a feature's file when a screen first uses it. */
const featureBundles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    if ((NAMESPACES as readonly string[]).includes(namespace)) {
      const bundles = LOADERS[language as Language];
      if (!bundles) callback(null, {});
      else
        bundles().then(
          (all) => callback(null, all[namespace as (typeof NAMESPACES)[number]]),
          (error: Error) => callback(error, false),
        );
      return;
    }
    const load = FEATURE_FILES[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

async function loadLanguage(language: string, instance: I18n): Promise<void> {
  const load = LOADERS[language as Language];
  if (!load || instance.hasResourceBundle(language, 'common')) return;
  const bundles = await load();
  for (const [namespace, bundle] of Object.entries(bundles)) {
    instance.addResourceBundle(language, namespace, bundle, true, true);
  }
}

export function storedLanguage(allowed: readonly string[], fallback: string): string {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored && allowed.includes(stored) ? stored : fallback;
}

export async function initI18n(language: string, wording: Wording, instance: I18n = i18next): Promise<I18n> {
  await instance.use(featureBundles).use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false, defaultVariables: { ...wording } },
    returnNull: false,
    showSupportNotice: false,
  });
  instance.services.formatter?.add('lowercase', (value: unknown) => String(value).toLocaleLowerCase(language));
  await loadLanguage(language, instance);
  await instance.changeLanguage(language); // re-render with the bundles just added
  document.documentElement.lang = language;
  return instance;
}

export { loadLanguage };

export async function changeLanguage(language: string, instance: I18n = i18next): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  await loadLanguage(language, instance);
  document.documentElement.lang = language;
  await instance.changeLanguage(language);
}

/** A product module's translations become its own namespace. */
export function addModuleTranslations(
  namespace: string,
  translations: Record<string, Record<string, unknown>>,
  instance: I18n = i18next,
): void {
  for (const [language, bundle] of Object.entries(translations)) {
    instance.addResourceBundle(language, namespace, bundle, true, true);
  }
}

export { i18next };
