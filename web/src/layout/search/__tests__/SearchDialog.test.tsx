// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { stubLayoutApis } from '../../../test/layoutStubs';
import SearchDialog from '../SearchDialog';
import { DEBOUNCE_MS, moved, shown, type SearchAnswer } from '../searchResults';

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

const ANSWER: SearchAnswer = {
  q: 'Bianchi',
  groups: [
    { kind: 'cliente', results: [{ kind: 'cliente', id: 'c1', title: 'Luca Bianchi', subtitle: 'BNCLCU80A01H501Q', path: '/clienti/c1' }] },
    { kind: 'preventivo', results: [] },
    { kind: 'polizza', results: [{ kind: 'polizza', id: 'p1', title: 'AZ-1', subtitle: 'Luca Bianchi · Allianz', path: '/polizza/p1' }] },
    { kind: 'sinistro', results: [{ kind: 'sinistro', id: 's1', title: 'Luca Bianchi', subtitle: 'AZ-1', path: '/sinistri/s1' }] },
  ],
};

describe('the results', () => {
  it('keeps the groups with results, in order, and walks them with the arrows', () => {
    const { groups, hits } = shown(ANSWER);
    expect(groups.map((g) => g.kind)).toEqual(['cliente', 'polizza', 'sinistro']);
    expect(hits.map((h) => h.id)).toEqual(['c1', 'p1', 's1']);
    expect(moved(-1, 1, 3)).toBe(0);
    expect(moved(-1, -1, 3)).toBe(2);
    expect(moved(2, 1, 3)).toBe(0);
    expect(moved(0, -1, 3)).toBe(2);
    expect(moved(0, 1, 0)).toBe(-1);
  });
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function mount(search: (text: string, signal: AbortSignal) => Promise<SearchAnswer>) {
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="*" element={<><SearchDialog opened onClose={onClose} search={search} /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  return onClose;
}

describe('the dialog', () => {
  it('asks once the typing pauses, shows the groups by their Italian names and opens the chosen one with Enter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const search = vi.fn(async (_text: string, _signal: AbortSignal) => ANSWER);
    const onClose = mount(search);
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: 'B' } });
    fireEvent.change(input, { target: { value: 'Bianchi' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS + 10);
    });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('Bianchi', expect.anything());
    expect(await screen.findByText('Clienti')).toBeTruthy();
    expect(screen.getByText('Polizze')).toBeTruthy();
    expect(screen.getByText('Sinistri')).toBeTruthy();
    expect(screen.queryByText('Preventivi')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/polizza/p1');
    vi.useRealTimers();
  });

  it('does not ask for one character', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const search = vi.fn(async (_text: string, _signal: AbortSignal) => ANSWER);
    mount(search);
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'B' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS + 10);
    });
    expect(search).not.toHaveBeenCalled();
    expect(screen.getByText('Scrivi almeno 2 caratteri')).toBeTruthy();
    vi.useRealTimers();
  });
});
