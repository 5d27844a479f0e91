import { describe, expect, it } from 'vitest';
import { chipOf, type MenuEntry } from '../menu/menu';

const entry = (patch: Partial<MenuEntry>): MenuEntry => ({ key: 'k', path: '/k', label: 'menu:k', icon: 'x', order: 1, ...patch });

describe('server-sent menu entries', () => {
  it("show their own chip, a line's quotes for a line's entry, else none", () => {
    expect(chipOf(entry({ chip: 'preventivi' }))).toBe('preventivi');
    expect(chipOf(entry({ product: 'noleggio-auto', chip: null }))).toBe('line:noleggio-auto');
    expect(chipOf(entry({ chip: null, product: null }))).toBeNull();
  });
});
