import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeModuleContract } from '@sportello/host-api/testing';
import rentalModule from '../module';
import { translations } from '../translations';

describeModuleContract('the module contract', {
  module: rentalModule,
  folder: join(__dirname, '..'),
  routes: ['index', 'nuovo', 'catalogo', ':id'],
});

describe('the module wording', () => {
  it('uses the wording of the spec', () => {
    const it = translations.it;
    expect(Object.values(it.columns)).toEqual(['Cliente', 'Auto', 'Canone', 'Data', 'Collaboratore']);
    expect(it.practice.title).toBe('Preventivo noleggio');
    expect(it.list.assign).toBe('Seleziona il collaboratore a cui assegnare il preventivo');
    expect(it.list.create).toBe('CREA PREVENTIVO');
    expect([it.emission.request, it.emission.undo, it.emission.requested]).toEqual([
      'RICHIEDI EMISSIONE',
      'annulla richiesta emissione',
      'Emissione richiesta correttamente',
    ]);
    expect(it.emission.error).toBe('Errore: {{message}}');
    expect(it.earnings.agentTotal).toBe('Tuo guadagno totale');
  });
});
