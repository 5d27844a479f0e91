// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translationKeys } from '@sportello/host-api';
import { FEATURE_NAMESPACES, i18next, initI18n, LOADERS, NAMESPACES } from '../lib/i18n';
import { wordingForAppName } from '../lib/wording';

const here = dirname(fileURLToPath(import.meta.url));
const locales = join(here, '..', 'locales');
const keysOf = (lang: string, ns: string) =>
  translationKeys(JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8'))).sort();

describe('translations', () => {
  it('ships the same namespaces in it and en, all registered', () => {
    const json = (lang: string) => readdirSync(join(locales, lang)).filter((f) => f.endsWith('.json')).sort();
    const it_ = json('it');
    expect(json('en')).toEqual(it_);
    expect(it_.map((f) => f.replace('.json', ''))).toEqual([...NAMESPACES, ...FEATURE_NAMESPACES].sort());
  });

  it.each([...NAMESPACES, ...FEATURE_NAMESPACES])('has the same keys in it and en for %s', (ns) => {
    expect(keysOf('en', ns)).toEqual(keysOf('it', ns));
  });

  it('has no empty strings', async () => {
    for (const [lang, load] of Object.entries(LOADERS)) {
      const bundles = await load();
      for (const [ns, bundle] of Object.entries(bundles)) {
        const walk = (value: unknown, path: string): void => {
          if (typeof value === 'object' && value) Object.entries(value).forEach(([k, v]) => walk(v, `${path}.${k}`));
          else expect(String(value).trim(), `${lang}:${ns}${path}`).not.toBe('');
        };
        walk(bundle, '');
      }
    }
  });

  it('speaks Italian by default, has no fallback language and does not escape', async () => {
    const instance = i18next.createInstance();
    await initI18n('it', wordingForAppName('rcadealer'), instance);
    expect(instance.t('layout:logout.message')).toBe('Vuoi davvero effettuare il logout');
    expect(instance.options.fallbackLng).toBe(false);
    expect(instance.t('common:comingSoon.title', { page: '<b>Cassa</b>' })).toBe('<b>Cassa</b> è in arrivo');
    await (await import('../lib/i18n')).changeLanguage('en', instance);
    expect(instance.t('layout:connection.lost')).toBe('Connection lost');
    expect(instance.t('layout:missing.key')).toBe('missing.key');
  });

  it('loads a feature namespace when a screen first asks for it, in the current language', async () => {
    const instance = i18next.createInstance();
    await initI18n('it', wordingForAppName('assicurapp'), instance);
    expect(FEATURE_NAMESPACES).toContain('fields');
    expect(instance.hasResourceBundle('it', 'fields')).toBe(false);
    await instance.loadNamespaces('fields');
    expect(instance.t('fields:errors.cf')).toBe('Codice fiscale errato');
    await (await import('../lib/i18n')).changeLanguage('en', instance);
    expect(instance.hasResourceBundle('en', 'fields')).toBe(true);
  });
});
