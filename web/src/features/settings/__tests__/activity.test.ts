import { describe, expect, it } from 'vitest';
import { changeText } from '../ActivitySection';

describe('changeText', () => {
  it('reads a change as the screens show its field', () => {
    expect(changeText({ label: 'Stato', old: 'Preventivato', new: 'In lavorazione compagnia' })).toBe('Stato: Preventivato → In lavorazione compagnia');
    expect(changeText({ label: 'Premio', old: null, new: '1.050,00 €' })).toBe('Premio: 1.050,00 €');
    expect(changeText({ label: 'Scadenza', old: '05/03/2027', new: null })).toBe('Scadenza: 05/03/2027');
    expect(changeText({ label: 'Provvigioni', old: null, new: 'modificato' })).toBe('Provvigioni: modificato');
  });
});
