import { afterEach, describe, expect, it } from 'vitest';
import { forgetLists, rememberedList, rememberList } from '../listMemory';

const DEFAULTS: { search: string; company: string | null } = { search: '', company: null };

afterEach(() => forgetLists());

describe('the list memory', () => {
  it('gives the defaults and no scroll before a first visit', () => {
    expect(rememberedList('polizze', DEFAULTS)).toEqual({ filters: DEFAULTS, scroll: 0 });
  });

  it('keeps the scroll offset without standing it for the filters (a list scrolled before any filter)', () => {
    // VirtualRows keeps the offset with no filters of its own
    rememberList('polizze', null, { scroll: 420 });
    expect(rememberedList('polizze', DEFAULTS)).toEqual({ filters: DEFAULTS, scroll: 420 });
  });

  it('keeps the filters and the offset side by side', () => {
    rememberList('polizze', DEFAULTS, { filters: { search: 'rossi', company: 'Allianz' } });
    rememberList('polizze', null, { scroll: 80 });
    expect(rememberedList('polizze', DEFAULTS)).toEqual({ filters: { search: 'rossi', company: 'Allianz' }, scroll: 80 });
  });
});
