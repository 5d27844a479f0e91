// @vitest-environment jsdom
/**
 * ListTable from one set of columns: a table on wide windows, cards on a phone (the window below
 * the `sm` breakpoint), with the row's props on the row or the card alike; and useBelow's query.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ListTable, { type ListColumn } from '../ListTable';
import { useBelow } from '../viewport';

/** A window whose width matches `narrow` queries (max-width below `em`). */
function windowOf(widthEm: number) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => {
      const max = /max-width: ([\d.]+)em/.exec(query);
      return {
        matches: max ? widthEm <= Number(max[1]) : false, media: query, onchange: null,
        addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });
  window.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
}

interface Client { id: string; name: string; city: string; note: string }
const ROWS: Client[] = [
  { id: 'a', name: 'Luca Bianchi', city: 'Milano', note: 'interno' },
  { id: 'b', name: 'Giulia Verdi', city: 'Roma', note: 'interno' },
];
const COLUMNS: ListColumn<Client>[] = [
  { key: 'name', header: 'Nome', card: 'title', cell: (c) => c.name },
  { key: 'city', header: 'Città', cell: (c) => c.city },
  { key: 'note', header: 'Nota', card: 'hidden', cell: (c) => c.note },
];

function show(onOpen = vi.fn()) {
  render(
    <MantineProvider>
      <ListTable
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ tabIndex: 0, 'data-testid': 'client-row', onClick: () => onOpen(c.id) })}
        label="Clienti"
        empty="Nessun cliente"
      />
    </MantineProvider>,
  );
  return onOpen;
}

afterEach(() => document.body.replaceChildren());

describe('ListTable', () => {
  it('is a table with every column on a tablet or wider', () => {
    windowOf(48);
    const onOpen = show();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nome', 'Città', 'Nota']);
    const rows = screen.getAllByTestId('client-row');
    expect(rows.map((row) => row.tagName)).toEqual(['TR', 'TR']);
    expect(within(rows[0]!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Luca Bianchi', 'Milano', 'interno']);
    expect(screen.getByRole('region', { name: 'Clienti' })).toHaveProperty('tabIndex', 0);
    fireEvent.click(rows[1]!);
    expect(onOpen).toHaveBeenCalledWith('b');
  });

  it('is a list of cards on a phone: the title, the labelled fields, not the hidden column', () => {
    windowOf(24);
    const onOpen = show();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Clienti' })).toBeTruthy();
    const cards = screen.getAllByTestId('client-row');
    expect(cards.map((card) => card.tagName)).toEqual(['LI', 'LI']);
    expect(cards[0]!.querySelector('.sp-list-card-title')?.textContent).toBe('Luca Bianchi');
    expect([...cards[0]!.querySelectorAll('.sp-list-card-field')].map((field) => field.textContent)).toEqual(['CittàMilano']);
    expect(screen.queryByText('interno')).toBeNull();
    fireEvent.click(cards[0]!);
    expect(onOpen).toHaveBeenCalledWith('a');
  });

  it('shows what it is given for no rows, as a table row or alone', () => {
    windowOf(60);
    render(
      <MantineProvider>
        <ListTable rows={[]} columns={COLUMNS} rowKey={(c) => c.id} label="Clienti" empty="Nessun cliente" />
      </MantineProvider>,
    );
    expect(screen.getByRole('cell', { name: 'Nessun cliente' })).toHaveProperty('colSpan', 3);
    document.body.replaceChildren();
    windowOf(20);
    render(
      <MantineProvider>
        <ListTable rows={[]} columns={COLUMNS} rowKey={(c) => c.id} label="Clienti" empty="Nessun cliente" />
      </MantineProvider>,
    );
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('Nessun cliente')).toBeTruthy();
  });
});

describe("ListTable's test ids and wide fields", () => {
  interface Line { id: string; number: string; amount: string; note: string; action: string }
  const LINES: Line[] = [{ id: 'x', number: 'P-1', amount: '12,50 €', note: 'una nota lunga', action: 'Salda' }];
  const LINE_COLUMNS: ListColumn<Line>[] = [
    { key: 'number', header: 'Polizza', card: 'title', testId: 'line-number', cell: (l) => l.number },
    { key: 'amount', header: 'Importo', testId: 'line-amount', td: { ta: 'right' }, cell: (l) => l.amount },
    { key: 'note', header: 'Nota', card: 'wide', cell: (l) => l.note },
    { key: 'action', header: '', cell: (l) => l.action },
  ];
  const showLines = () =>
    render(
      <MantineProvider>
        <ListTable rows={LINES} columns={LINE_COLUMNS} rowKey={(l) => l.id} rowProps={() => ({ 'data-testid': 'line' })} label="Righe" testId="lines" />
      </MantineProvider>,
    );

  it('puts the test ids on the table and its cells on a tablet or wider', () => {
    windowOf(60);
    showLines();
    expect(screen.getByTestId('lines').tagName).toBe('TABLE');
    const line = screen.getByTestId('line');
    expect(within(line).getByTestId('line-number').tagName).toBe('TD');
    expect(within(line).getByTestId('line-amount').textContent).toBe('12,50 €');
  });

  it('puts them on the list and the values of a card on a phone, a wide field across the card, no label without a header', () => {
    windowOf(24);
    showLines();
    expect(screen.getByTestId('lines').tagName).toBe('UL');
    const card = screen.getByTestId('line');
    expect(within(card).getByTestId('line-number').textContent).toBe('P-1');
    expect(within(card).getByTestId('line-amount').textContent).toBe('12,50 €');
    const fields = [...card.querySelectorAll<HTMLElement>('.sp-list-card-field')];
    expect(fields.map((field) => field.textContent)).toEqual(['Importo12,50 €', 'Notauna nota lunga', 'Salda']);
    expect(fields.map((field) => field.style.gridColumn)).toEqual(['', '1 / -1', '']);
    expect(fields[2]!.children).toHaveLength(1);
  });
});

describe('useBelow', () => {
  it("asks hiddenFrom's query: narrower than the breakpoint by a tenth of a pixel", () => {
    windowOf(47.99);
    expect(renderHook(() => useBelow('sm')).result.current).toBe(true);
    windowOf(48);
    expect(renderHook(() => useBelow('sm')).result.current).toBe(false);
    expect(renderHook(() => useBelow('md')).result.current).toBe(true);
  });
});
