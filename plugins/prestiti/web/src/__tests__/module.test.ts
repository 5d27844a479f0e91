import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeModuleContract } from '@sportello/host-api/testing';
import loansModule from '../module';
import { translations } from '../translations';

describeModuleContract('the loans module contract', {
  module: loansModule,
  folder: join(__dirname, '..'),
  routes: ['index', 'nuovo', 'soglie', ':id'],
  messages: ['errors', 'usury'],
});

describe('the loans module wording', () => {
  it('uses the wording of the spec', () => {
    const it = translations.it;
    expect(Object.values(it.columns)).toEqual(['Cliente', 'Stato', 'Prodotto', 'Importo richiesto', 'Rata', 'Data', 'Collaboratore']);
    expect(it.practice.title).toBe('Preventivo {{product}}');
    expect(it.list.assign).toBe('Seleziona il collaboratore a cui assegnare il preventivo');
    expect(it.list.create).toBe('Crea preventivo');
    expect(it.earnings.agentTotal).toBe('Tuo guadagno totale');
    expect(it.quotation.firstInstalment).toBe('Prima rata');
    expect([it.fields.nettoErogato, it.fields.importoFinanziato, it.fields.istruttoria]).toEqual([
      'Netto erogato',
      'Importo finanziato',
      'Spese istruttoria',
    ]);
  });
});
