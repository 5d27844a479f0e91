import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeModuleContract } from '@sportello/host-api/testing';
import plates from '../module';
import { paths } from '../paths';
import { translations } from '../translations';

describeModuleContract('the module contract', {
  module: plates,
  folder: join(__dirname, '..'),
  routes: ['index', ':id'],
});

describe('the module wording', () => {
  it('uses the columns and words of the plates register', () => {
    const it = translations.it;
    expect(Object.values(it.columns)).toEqual([
      'Targa',
      'Tipo',
      'Proprietario',
      'Marca e modello',
      'Immatricolazione',
      'Polizza',
      'Scadenza',
      'Azioni',
    ]);
    expect(Object.values(it.kinds)).toEqual(['Autovettura', 'Motociclo', 'Ciclomotore', 'Rimorchio']);
    expect(it.registration.new).toBe('Nuova');
    expect([it.cover.grace, it.cover.expired]).toEqual(['Scaduta: in tolleranza fino al {{day}}', 'Scaduta']);
    expect(it.errors.cf).toBe('Codice fiscale errato');
    expect(it.import.errorLine).toBe('Riga {{riga}} — {{targa}} — {{messaggio}}');
    expect(it.import.submit).toBe('Importa');
    expect(it.detail.newQuote).toBe('Nuovo preventivo RCA');
  });

  it("never names the agent role (rcadealer's words are the tenant's)", () => {
    const text = JSON.stringify(translations.it);
    expect(text).not.toMatch(/\bagent[ei]\b|\bsubagent[ei]\b/i);
  });
});

describe('the addresses', () => {
  it('live under /targhe; a quote opens in its line or the quotes', () => {
    expect(paths.detail('a/b')).toBe('/targhe/a%2Fb');
    expect(paths.quote('q1', null)).toBe('/preventivi/q1');
    expect(paths.quote('q1', 'rca')).toBe('/preventivi/q1');
    expect(paths.quote('q1', 'noleggio-auto')).toBe('/noleggio-auto/q1');
  });
});
