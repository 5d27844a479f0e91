import { describe, expect, it } from 'vitest';
import { quotesOfLine, type HostItem } from '@sportello/host-api';
import { KIND_LABELS, loanOf, onPay, paidOut, PRODUCT_ID, rowOf } from '../lib/loanQuote';
import { createQuoteBody, draftProblems, emptyDraft } from '../lib/newLoan';
import { offerBody, offerDraftOf } from '../lib/offer';

const quoted: HostItem = {
  _id: 'q1',
  type: 'prestiti',
  prodotto: {
    type: 'cessione_quinto_stipendio',
    Prodotto: 'Cessione del quinto dello stipendio',
    Istituto: 'IBL Banca',
    Importo_richiesto: 20000,
    Durata: 120,
    Netto_mensile: 1500,
    TAN: '6',
    TAEG: '7.27',
    Soglia_usura: '14.8250',
    Importo_finanziato: 20000,
    Netto_erogato: 19250,
    Importo_rata: 222.04,
    Istruttoria: 300,
    Polizza: 450,
    Spese_incasso: 1.5,
  },
};
const asked: HostItem = { _id: 'q2', type: 'prestiti', prodotto: { type: 'prestito_personale', Prodotto: 'Prestito personale', Importo_richiesto: 15000, Durata: 60 } };

describe('the loans list', () => {
  it('keeps the loan quotes of the collection', () => {
    const collection = { q1: quoted, q2: asked, r: { _id: 'r', type: 'noleggio-auto' }, c: { _id: 'c', type: 'rca' } };
    expect(quotesOfLine(collection, PRODUCT_ID).map((q) => q._id)).toEqual(['q1', 'q2']);
  });

  it('shows Prodotto, Importo richiesto and Rata from prodotto', () => {
    expect(rowOf(quoted)).toEqual({ prodotto: 'Cessione del quinto dello stipendio', importoRichiesto: 20000, rata: 222.04 });
    expect(rowOf(asked)).toEqual({ prodotto: 'Prestito personale', importoRichiesto: 15000, rata: null });
  });

  it('names a practice by its kind when Prodotto is missing, and survives a malformed one', () => {
    expect(rowOf({ _id: 'x', prodotto: { type: 'mutuo' } }).prodotto).toBe('Mutuo');
    expect(rowOf({ _id: 'x', prodotto: 'nonsense' })).toEqual({ prodotto: '', importoRichiesto: null, rata: null });
  });
});

describe('the practice figures', () => {
  it('reads the offer with rates as exact text', () => {
    const loan = loanOf(quoted);
    expect([loan.tan, loan.taeg, loan.sogliaUsura, loan.quoted]).toEqual([6, 7.27, 14.825, true]);
    expect(loanOf(asked).quoted).toBe(false);
  });

  it('shows Netto erogato for loans from pay, else Importo finanziato', () => {
    expect(paidOut(loanOf(quoted))).toEqual({ key: 'nettoErogato', value: 19250 });
    expect(paidOut(loanOf({ ...asked, prodotto: { type: 'mutuo', Importo_finanziato: 180000 } }))).toEqual({ key: 'importoFinanziato', value: 180000 });
    expect(['cessione_quinto_stipendio', 'cessione_quinto_pensione', 'delegazione_pagamento', 'prestito_personale', 'mutuo'].map((k) => onPay(k as never))).toEqual([true, true, true, false, false]);
  });

  it('labels the kinds as the server does', () => {
    expect(KIND_LABELS.cessione_quinto_stipendio).toBe('Cessione del quinto dello stipendio');
    expect(KIND_LABELS.delegazione_pagamento).toBe('Delegazione di pagamento');
  });
});

describe('the creation form', () => {
  const draft = { ...emptyDraft(), importoRichiesto: 20000, durata: 120, nettoMensile: 1500, rata: 300.01, istituto: '  ' };

  it('sends the loan with the net pay for a cessione, and no empty extras', () => {
    expect(createQuoteBody({ productId: 'p', agentId: null, values: { nome: 'Anna', email: '' }, draft })).toEqual({
      pId: 'p',
      usrData: [{ _id: 'nome', value: 'Anna' }],
      type: 'cessione_quinto_stipendio',
      Importo_richiesto: 20000,
      Durata: 120,
      Netto_mensile: 1500,
      Importo_rata: 300.01,
    });
  });

  it('sends no net pay for a personal loan, and the collaborator when given', () => {
    const personal = { ...draft, kind: 'prestito_personale' as const, rata: null, istituto: 'Banca Sella' };
    expect(createQuoteBody({ productId: 'p', agentId: 'a1', values: {}, draft: personal })).toEqual({
      pId: 'p',
      aId: 'a1',
      usrData: [],
      type: 'prestito_personale',
      Importo_richiesto: 20000,
      Durata: 120,
      Istituto: 'Banca Sella',
    });
  });

  it('asks for the net pay only for loans from pay, and bounds the duration by kind', () => {
    expect(draftProblems(draft)).toEqual({});
    expect(draftProblems({ ...draft, nettoMensile: null })).toEqual({ nettoMensile: 'errors.netPay' });
    expect(draftProblems({ ...draft, kind: 'prestito_personale', nettoMensile: null })).toEqual({});
    expect(draftProblems({ ...draft, durata: 121 })).toEqual({ durata: 'errors.monthsOnPay' });
    expect(draftProblems({ ...draft, kind: 'mutuo', durata: 41 })).toEqual({ durata: 'errors.years' });
    expect(draftProblems({ ...draft, kind: 'prestito_personale', durata: 121 })).toEqual({});
    expect(draftProblems(emptyDraft('prestito_personale'))).toEqual({ importoRichiesto: 'errors.amount', durata: 'errors.months' });
  });
});

describe('the quotation form', () => {
  it('starts from the stored offer and sends it with costs left empty as zero', () => {
    const draft = offerDraftOf(loanOf(quoted));
    expect(offerBody(draft)).toEqual({ Istituto: 'IBL Banca', TAN: 6, Importo_finanziato: 20000, Istruttoria: 300, Perizia: 0, Polizza: 450, Spese_incasso: 1.5 });
    expect(offerDraftOf(loanOf(asked)).importoFinanziato).toBe(15000);
  });
});
