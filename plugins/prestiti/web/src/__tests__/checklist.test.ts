import { describe, expect, it } from 'vitest';
import { checklist } from '../lib/checklist';
import { LOAN_KINDS } from '../lib/loanQuote';
import { translations } from '../translations';

describe('the documents each kind of loan needs', () => {
  it('asks a cessione from a salary for the certificato di stipendio, a pension one for its slip', () => {
    const types = (kind: Parameters<typeof checklist>[0]) => checklist(kind).map((d) => d.type);
    expect(types('cessione_quinto_stipendio')).toEqual([
      'documento_identita', 'codice_fiscale', 'buste_paga', 'certificazione_unica', 'certificato_stipendio',
    ]);
    expect(types('cessione_quinto_pensione')).toEqual([
      'documento_identita', 'codice_fiscale', 'cedolino_pensione', 'certificazione_unica',
    ]);
    expect(types('prestito_personale')).not.toContain('certificato_stipendio');
    expect(types(null)).toEqual([]);
  });

  it('names every document in both languages', () => {
    for (const kind of LOAN_KINDS) {
      for (const { key } of checklist(kind)) {
        for (const lang of ['it', 'en'] as const) {
          const names = (translations[lang] as { checklist: Record<string, string> }).checklist;
          expect(names[key], `${lang}.checklist.${key}`).toBeTruthy();
        }
      }
    }
  });
});
