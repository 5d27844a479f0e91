// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rebase, useLiveDraft } from '../liveDraft';

interface Form {
  name: string;
  parent: string;
  rates: Record<string, string>;
}
const server: Form = { name: 'Anna', parent: '', rates: { rc: '10' } };

describe('rebase', () => {
  it('keeps the touched fields and takes the server value of the others', () => {
    const draft = { ...server, parent: 'mario' };
    const live = { ...server, name: 'Anna Verdi' };
    expect(rebase(draft, server, live)).toEqual({ name: 'Anna Verdi', parent: 'mario', rates: { rc: '10' } });
  });

  it('compares nested values by content', () => {
    const draft = { ...server, rates: { rc: '12' } };
    const live = { ...server, rates: { rc: '11' }, name: 'B' };
    expect(rebase(draft, server, live)).toEqual({ name: 'B', parent: '', rates: { rc: '12' } });
    expect(rebase({ ...server, rates: { rc: '10' } }, server, live)).toEqual(live);
  });
});

describe('useLiveDraft', () => {
  it('an untouched form follows the server', () => {
    const { result, rerender } = renderHook(({ live }) => useLiveDraft(live), { initialProps: { live: server } });
    rerender({ live: { ...server, name: 'Anna Verdi' } });
    expect(result.current[0].name).toBe('Anna Verdi');
  });

  it("an edit survives someone else's change to another field", () => {
    const { result, rerender } = renderHook(({ live }) => useLiveDraft(live), { initialProps: { live: server } });
    act(() => result.current[1]({ ...result.current[0], parent: 'mario', rates: { rc: '15' } }));
    rerender({ live: { ...server, name: 'Anna Verdi' } });
    expect(result.current[0]).toEqual({ name: 'Anna Verdi', parent: 'mario', rates: { rc: '15' } });
  });

  it('after a save the saved value arrives and the form is the server value again', () => {
    const { result, rerender } = renderHook(({ live }) => useLiveDraft(live), { initialProps: { live: server } });
    act(() => result.current[1]({ ...result.current[0], parent: 'mario' }));
    // the same value again (another render before the change arrives) changes nothing
    rerender({ live: { ...server } });
    expect(result.current[0].parent).toBe('mario');
    rerender({ live: { ...server, parent: 'mario' } });
    expect(result.current[0]).toEqual({ ...server, parent: 'mario' });
    // now untouched: the next change is followed in every field
    rerender({ live: { ...server, parent: 'luca' } });
    expect(result.current[0].parent).toBe('luca');
  });
});

describe('useLiveDraft updates', () => {
  it('applies two changes made in one event, each on the one before', () => {
    const { result } = renderHook(() => useLiveDraft(server));
    act(() => {
      result.current[1]((d) => ({ ...d, name: 'B' }));
      result.current[1]((d) => ({ ...d, parent: 'mario' }));
    });
    expect(result.current[0]).toEqual({ ...server, name: 'B', parent: 'mario' });
  });
});
