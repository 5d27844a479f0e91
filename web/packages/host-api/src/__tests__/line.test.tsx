// @vitest-environment jsdom
/**
 * The parts of a product line's pages, rendered under a stand-in for the shell's outlet context:
 * what they show, what they send and what they tell the line.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostContext, HostItem, QuoteFilters } from '../contract';
import ConsultancySlider from '../line/ConsultancySlider';
import EmissionButton, { type EmissionButtonLabels } from '../line/EmissionButton';
import { useAgentChoice, useQuoteAgent, useQuoteList } from '../line/hooks';
import NewQuoteAction from '../line/NewQuoteAction';
import PracticeHeader from '../line/PracticeHeader';
import PracticeRoute, { PracticeNotFound } from '../line/PracticeRoute';
import QuoteRow from '../line/QuoteRow';
import { forgetLists } from '../listMemory';

beforeAll(() => {
  // what jsdom lacks and Mantine's provider asks for
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false, media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
});

const FILTERS: QuoteFilters = { tab: 'preventivi', search: '', from: null, to: null, status: [], collaborator: null, archived: false };
const AGENT = { admin: false, responsabile: false, employee: false, agent: true, referrer: false, parentAgentId: null, canEdit: false };

/** A shell's context with `patch` over it: a live `preventivi` of `practices`, a stand-in for each call. */
function hostWith(patch: Partial<HostContext> & { practices?: HostItem[] } = {}): HostContext {
  const { practices = [], ...rest } = patch;
  const preventivi = Object.fromEntries(practices.map((quote) => [quote._id, quote]));
  return {
    userName: (id) => (id === 'a1' ? 'Anna Agente' : ''),
    user: { _id: 'a1' },
    flags: AGENT,
    dataLoaded: true,
    useCollection: ((name: string) => (name === 'preventivi' ? preventivi : {})) as HostContext['useCollection'],
    useChannel: () => {},
    usePageTitle: () => {},
    call: vi.fn(async () => ({})) as HostContext['call'],
    notify: { success: vi.fn(), error: vi.fn() },
    statuses: [],
    quotes: {
      filter: (list, filters) => list.filter((quote) => String(quote.cliente ?? '').includes(filters.search)),
      highlighted: () => false,
      statusColor: () => 'gray',
      customerName: (quote) => String(quote.cliente ?? ''),
      defaultFilters: FILTERS,
    },
    format: { dateTime: (value) => (value ? `il ${String(value)}` : '') },
    ui: {
      StatusBadge: ({ status }: { status: string | null | undefined }) => <span data-testid="status">{status}</span>,
      CollaboratorSelect: ({ label, onChange }: { label?: string; onChange: (id: string | null) => void }) => (
        <button type="button" onClick={() => onChange('a7')}>
          {label}
        </button>
      ),
    } as unknown as HostContext['ui'],
    ...rest,
  };
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

/** `ui` at `url` under the shell's outlet, whose context is `host`. */
function renderHosted(ui: ReactNode, host: HostContext, url = '/linea/q1') {
  const router = createMemoryRouter(
    [{ element: <Outlet context={host} />, children: [{ path: '/linea/:id?', element: ui }, { path: '*', element: <Where /> }] }],
    { initialEntries: [url] },
  );
  return render(
    <MantineProvider forceColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const LABELS: EmissionButtonLabels = {
  request: 'RICHIEDI EMISSIONE',
  undo: 'annulla richiesta emissione',
  requested: 'Emissione richiesta correttamente',
  undone: 'Richiesta annullata',
  error: (message) => `Errore: ${message}`,
  notQuoted: 'Manca la quotazione',
};

describe('ConsultancySlider', () => {
  const bounds = { min: 2, max: 4, midpoint: 3 };

  it('shows the value, the bounds and the midpoint in the line’s unit, and passes the position on', () => {
    const onChange = vi.fn();
    renderHosted(
      <ConsultancySlider label="Consulenza" bounds={bounds} value={3.5} step={0.1} format={(v) => `${v} %`} midpointLabel="predefinita 3 %" onChange={onChange} />,
      hostWith(),
    );
    expect(screen.getByTestId('consultancy-value').textContent).toBe('3.5 %');
    expect(screen.getByText('2 %')).toBeTruthy();
    expect(screen.getByText('4 %')).toBeTruthy();
    expect(screen.getByText('predefinita 3 %')).toBeTruthy();
    const range = screen.getByLabelText('Consulenza') as HTMLInputElement;
    expect([range.min, range.max, range.step, range.getAttribute('aria-valuetext')]).toEqual(['2', '4', '0.1', '3.5 %']);
    expect(range.style.getPropertyValue('--sp-fill')).toBe('75%');
    fireEvent.change(range, { target: { value: '2.7' } });
    expect(onChange).toHaveBeenCalledWith(2.7);
  });

  it('stays still once locked, saying why, and over bounds that leave no room', () => {
    const { unmount } = renderHosted(
      <ConsultancySlider label="Consulenza" bounds={bounds} value={3} step={0.1} format={String} midpointLabel="" onChange={() => {}} disabled lockedNote="Consulenza fissata" />,
      hostWith(),
    );
    expect((screen.getByTestId('consultancy-slider') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Consulenza fissata')).toBeTruthy();
    unmount();
    renderHosted(
      <ConsultancySlider label="Consulenza" bounds={{ min: 3, max: 3, midpoint: 3 }} value={3} step={0.1} format={String} midpointLabel="" onChange={() => {}} />,
      hostWith(),
    );
    expect((screen.getByTestId('consultancy-slider') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText('Consulenza fissata')).toBeNull();
  });
});

describe('EmissionButton', () => {
  const quote: HostItem = { _id: 'q1' };

  it('asks for emission at the consultancy chosen, and tells', async () => {
    const host = hostWith();
    renderHosted(<EmissionButton quote={quote} consultancy={3.5} requested={false} quoted labels={LABELS} />, host);
    fireEvent.click(screen.getByText('RICHIEDI EMISSIONE'));
    await waitFor(() => expect(host.notify.success).toHaveBeenCalledWith('Emissione richiesta correttamente'));
    expect(host.call).toHaveBeenCalledWith('richiediEmissione', { pId: 'q1', quote: 3.5, undo: false });
  });

  it('takes the request back without a consultancy', async () => {
    const host = hostWith();
    renderHosted(<EmissionButton quote={quote} consultancy={3.5} requested quoted labels={LABELS} />, host);
    fireEvent.click(screen.getByText('annulla richiesta emissione'));
    await waitFor(() => expect(host.notify.success).toHaveBeenCalledWith('Richiesta annullata'));
    expect(host.call).toHaveBeenCalledWith('richiediEmissione', { pId: 'q1', quote: null, undo: true });
  });

  it("reports the server's refusal", async () => {
    const host = hostWith({ call: vi.fn(async () => Promise.reject(new Error('Valore di consulenza non valido'))) as HostContext['call'] });
    renderHosted(<EmissionButton quote={quote} consultancy={9} requested={false} quoted labels={LABELS} />, host);
    fireEvent.click(screen.getByText('RICHIEDI EMISSIONE'));
    await waitFor(() => expect(host.notify.error).toHaveBeenCalledWith('Errore: Valore di consulenza non valido'));
  });

  it('waits, saying why, while the practice is not priced', () => {
    const host = hostWith();
    renderHosted(<EmissionButton quote={quote} consultancy={null} requested={false} quoted={false} labels={LABELS} />, host);
    expect((screen.getByTestId('emission-toggle') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('emission-waiting').textContent).toBe('Manca la quotazione');
  });
});

describe('PracticeHeader', () => {
  const labels = {
    archived: 'Archiviato',
    id: (id: string) => `n. ${id}`,
    createdAt: (date: string) => `creato ${date}`,
    emissionRequested: (date: string) => `Emissione richiesta ${date}`,
  };

  it('shows the title, the status, the customer, number, date and collaborator, and the request', () => {
    const quote: HostItem = { _id: 'q1', cliente: 'Luca Bianchi', status: 'Preventivato', at: 'ieri', aId: 'a1', archived: true, requestEmission: { at: 'oggi' } };
    renderHosted(<PracticeHeader quote={quote} title="Preventivo noleggio" back={<a href="/linea">Noleggio</a>} labels={labels} />, hostWith());
    expect(screen.getByTestId('practice-title').textContent).toBe('Preventivo noleggio');
    expect(screen.getByText('Noleggio')).toBeTruthy();
    expect(screen.getByTestId('status').textContent).toBe('Preventivato');
    expect(screen.getByText('Archiviato')).toBeTruthy();
    expect(screen.getByTestId('practice-meta').textContent).toBe('Luca Bianchi · n. q1 · creato il ieri · Anna Agente');
    expect(screen.getByTestId('practice-requested').textContent).toBe('Emissione richiesta il oggi');
  });

  it('leaves out what the practice does not have', () => {
    renderHosted(<PracticeHeader quote={{ _id: 'q2', aId: 'x', at: 'ieri' }} title="T" back={null} labels={labels} />, hostWith());
    expect(screen.getByTestId('practice-meta').textContent).toBe('n. q2 · creato il ieri');
    expect(screen.queryByText('Archiviato')).toBeNull();
    expect(screen.queryByTestId('practice-requested')).toBeNull();
  });
});

describe('PracticeRoute', () => {
  const notFound = <PracticeNotFound icon={null} title="Pratica non trovata" text="Non esiste" backTo="/linea" backLabel="Torna alla lista" />;
  const route = (host: HostContext, url = '/linea/q1') =>
    renderHosted(<PracticeRoute line="linea" render={(quote) => <p>pratica {quote._id}</p>} notFound={notFound} />, host, url);

  it("shows the line's practice", () => {
    route(hostWith({ practices: [{ _id: 'q1', type: 'linea' }] }));
    expect(screen.getByText('pratica q1')).toBeTruthy();
  });

  it('waits for the first sync, then finds nothing: an unknown id or another line’s practice', () => {
    const { unmount } = route(hostWith({ dataLoaded: false }));
    expect(screen.queryByTestId('practice-not-found')).toBeNull();
    unmount();
    route(hostWith({ practices: [{ _id: 'q1', type: 'altra' }] }));
    expect(screen.getByTestId('practice-not-found').textContent).toContain('Pratica non trovata');
    fireEvent.click(screen.getByText('Torna alla lista'));
    expect(screen.queryByTestId('practice-not-found')).toBeTruthy(); // /linea: the same page, no practice
  });
});

describe('NewQuoteAction', () => {
  const action = <NewQuoteAction createPath={(id) => `/nuovo${id ? `?aId=${id}` : ''}`} label="Crea preventivo" assignLabel="Seleziona il collaboratore" testId="new" />;

  it('opens the creation form for an agent', async () => {
    renderHosted(action, hostWith(), '/linea');
    fireEvent.click(screen.getByTestId('new'));
    expect((await screen.findByTestId('where')).textContent).toBe('/nuovo');
  });

  it('asks admins and responsabili for the collaborator first', async () => {
    renderHosted(action, hostWith({ flags: { ...AGENT, agent: false, admin: true, canEdit: true } }), '/linea');
    fireEvent.click(screen.getByText('Seleziona il collaboratore'));
    expect((await screen.findByTestId('where')).textContent).toBe('/nuovo?aId=a7');
  });

  it('offers nothing to the others', () => {
    renderHosted(action, hostWith({ flags: { ...AGENT, agent: false, referrer: true } }), '/linea');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Crea preventivo')).toBeNull();
  });
});

describe('useQuoteList', () => {
  function List() {
    const { quotes, rows, filters, setFilters } = useQuoteList('linea', 'test-list');
    return (
      <div>
        <span data-testid="counts">{`${quotes.length}/${rows.length}`}</span>
        <span data-testid="search">{filters.search}</span>
        <button type="button" onClick={() => setFilters({ ...filters, search: 'Luca' })}>
          cerca
        </button>
      </div>
    );
  }
  const quotes = [
    { _id: 'q1', type: 'linea', cliente: 'Luca Bianchi' },
    { _id: 'q2', type: 'linea', cliente: 'Maria Rossi' },
    { _id: 'q3', type: 'altra', cliente: 'Luca Verdi' },
  ];

  it("filters the line's quotes through the shell's rules, and remembers the filters for coming back", async () => {
    forgetLists();
    const { unmount } = renderHosted(<List />, hostWith({ practices: quotes }), '/linea');
    expect(screen.getByTestId('counts').textContent).toBe('2/2');
    fireEvent.click(screen.getByText('cerca'));
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('2/1'));
    unmount();
    renderHosted(<List />, hostWith({ practices: quotes }), '/linea');
    expect(screen.getByTestId('search').textContent).toBe('Luca');
    expect(screen.getByTestId('counts').textContent).toBe('2/1');
    forgetLists();
  });
});

describe('useQuoteAgent', () => {
  function Agent({ quote }: { quote: HostItem }) {
    return <span data-testid="agent">{String(useQuoteAgent(quote)?.name ?? 'nessuno')}</span>;
  }
  const users = { a2: { _id: 'a2', name: 'Bruno' } };
  const host = (userName: HostContext['userName']) =>
    hostWith({
      user: { _id: 'a1', name: 'Anna' },
      userName,
      useCollection: ((name: string) => (name === 'usr' ? users : {})) as HostContext['useCollection'],
    });

  it("is the quote's collaborator from the live users, or the user's own record", () => {
    const lookUp = vi.fn(() => '');
    const { unmount } = renderHosted(<Agent quote={{ _id: 'q', aId: 'a2' }} />, host(lookUp));
    expect(screen.getByTestId('agent').textContent).toBe('Bruno');
    unmount();
    renderHosted(<Agent quote={{ _id: 'q', aId: 'a1' }} />, host(lookUp));
    expect(screen.getByTestId('agent').textContent).toBe('Anna');
  });

  it('looks up one not synced yet', () => {
    const lookUp = vi.fn(() => '');
    renderHosted(<Agent quote={{ _id: 'q', aId: 'a9' }} />, host(lookUp));
    expect(screen.getByTestId('agent').textContent).toBe('nessuno');
    expect(lookUp).toHaveBeenCalledWith('a9');
  });
});

describe('QuoteRow', () => {
  it('places the row, marks it as the shell says, and opens the practice on a click or Enter', () => {
    const onOpen = vi.fn();
    const base = hostWith();
    const host = hostWith({ quotes: { ...base.quotes, highlighted: (quote) => quote._id === 'q1' } });
    renderHosted(
      <QuoteRow quote={{ _id: 'q1' }} index={4} offset={256} onOpen={onOpen} testId="row">
        <span role="cell">Luca</span>
      </QuoteRow>,
      host,
    );
    const row = screen.getByTestId('row');
    expect([row.getAttribute('aria-rowindex'), row.dataset.id, row.style.transform]).toEqual(['5', 'q1', 'translateY(256px)']);
    expect(row.className).toContain('is-highlighted');
    fireEvent.click(screen.getByText('Luca'));
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: 'a' });
    expect(onOpen.mock.calls).toEqual([[{ _id: 'q1' }], [{ _id: 'q1' }]]);
  });
});

describe('useAgentChoice', () => {
  function Choice() {
    const [agentId, choose] = useAgentChoice();
    return (
      <div>
        <span data-testid="chosen">{agentId ?? 'mio'}</span>
        <button type="button" onClick={() => choose('a9')}>
          scegli
        </button>
        <button type="button" onClick={() => choose(null)}>
          nessuno
        </button>
      </div>
    );
  }

  it('reads and keeps the collaborator in ?aId=', () => {
    renderHosted(<Choice />, hostWith(), '/linea?aId=a7');
    expect(screen.getByTestId('chosen').textContent).toBe('a7');
    fireEvent.click(screen.getByText('scegli'));
    expect(screen.getByTestId('chosen').textContent).toBe('a9');
    fireEvent.click(screen.getByText('nessuno'));
    expect(screen.getByTestId('chosen').textContent).toBe('mio');
  });
});
