/**
 * i18next: Italian by default, English available, no fallback language, escaping off.
 * One namespace per area of the shell (and one per product plugin, added when its module loads).
 * The tenant's wording is a default variable every string may use: {{agent}}, {{agents}}…
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import authEn from '../locales/en/auth.json';
import commonEn from '../locales/en/common.json';
import layoutEn from '../locales/en/layout.json';
import menuEn from '../locales/en/menu.json';
import authIt from '../locales/it/auth.json';
import commonIt from '../locales/it/common.json';
import layoutIt from '../locales/it/layout.json';
import menuIt from '../locales/it/menu.json';
import type { Wording } from './wording';

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'auth', 'layout', 'menu'] as const;
const LANGUAGE_KEY = 'lang';

export const RESOURCES = {
  it: { common: commonIt, auth: authIt, layout: layoutIt, menu: menuIt },
  en: { common: commonEn, auth: authEn, layout: layoutEn, menu: menuEn },
} as const;

export function storedLanguage(allowed: readonly string[], fallback: string): string {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return stored && allowed.includes(stored) ? stored : fallback;
}

export async function initI18n(language: string, wording: Wording, instance: I18n = i18next): Promise<I18n> {
  await instance.use(initReactI18next).init({
    resources: RESOURCES,
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false, defaultVariables: { ...wording } },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = language;
  return instance;
}

export async function changeLanguage(language: string, instance: I18n = i18next): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
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
