/**
 * The contract a product module (a federated remote) exports as `./module`:
 *
 * ```ts
 * export default {
 *   routes: [{ index: true, Component: List }, { path: ':id', Component: Practice }],
 *   menu: [{ label: 'menu.label', icon: 'car-suv' }],
 *   translations: { it: { menu: { label: 'Noleggio auto' } }, en: { … } },
 * } satisfies ProductModule;
 * ```
 * Routes are relative to `/{productId}`; labels are keys in the module's own namespace;
 * `it` and `en` carry the same keys.
 */
import type { RouteObject } from 'react-router';

export interface ModuleMenuEntry {
  label: string;
  icon?: string;
  path?: string;
}

export interface ProductModule {
  routes: RouteObject[];
  menu: ModuleMenuEntry[];
  translations: Record<'it' | 'en', Record<string, unknown>>;
}

/** What the shell gives a module's routes as outlet context (`useOutletContext()`). */
export interface HostContext {
  /** A user's display name; unknown users are looked up lazily ('' until they arrive). */
  userName: (id: string | null | undefined) => string;
}

export const REQUIRED_LANGUAGES = ['it', 'en'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Dotted keys of a nested translation object ('menu.label'). */
export function translationKeys(bundle: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    isObject(value) ? translationKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function routeProblems(routes: unknown, where: string): string[] {
  if (!Array.isArray(routes)) return [`${where}: deve essere una lista`];
  return routes.flatMap((route, i) => {
    const at = `${where}[${i}]`;
    if (!isObject(route)) return [`${at}: non è una rotta`];
    const problems: string[] = [];
    if (!route.index && typeof route.path !== 'string') problems.push(`${at}: manca path o index`);
    if (!route.element && !route.Component && !route.lazy && !route.children) {
      problems.push(`${at}: manca il componente`);
    }
    if (route.children !== undefined) problems.push(...routeProblems(route.children, `${at}.children`));
    return problems;
  });
}

/** Every way `value` breaks the contract, in Italian; empty when it is a valid module. */
export function contractProblems(value: unknown): string[] {
  if (!isObject(value)) return ['il modulo non esporta un oggetto'];
  const problems = routeProblems(value.routes, 'routes');
  if (!Array.isArray(value.menu)) problems.push('menu: deve essere una lista');
  else
    value.menu.forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.label !== 'string') problems.push(`menu[${i}]: manca label`);
    });
  const translations = value.translations;
  if (!isObject(translations)) return [...problems, 'translations: mancano le traduzioni'];
  for (const language of REQUIRED_LANGUAGES) {
    if (!isObject(translations[language])) problems.push(`translations.${language}: mancante`);
  }
  if (isObject(translations.it) && isObject(translations.en)) {
    const it = new Set(translationKeys(translations.it));
    const en = new Set(translationKeys(translations.en));
    const onlyIt = [...it].filter((k) => !en.has(k));
    const onlyEn = [...en].filter((k) => !it.has(k));
    if (onlyIt.length) problems.push(`translations.en: mancano ${onlyIt.join(', ')}`);
    if (onlyEn.length) problems.push(`translations.it: mancano ${onlyEn.join(', ')}`);
  }
  return problems;
}

export function asProductModule(value: unknown): ProductModule {
  const candidate = isObject(value) && 'default' in value ? value.default : value;
  const problems = contractProblems(candidate);
  if (problems.length) throw new Error(`Modulo non valido: ${problems.join('; ')}`);
  return candidate as ProductModule;
}
