import { describe, expect, it } from 'vitest';
import { roleFlags } from '../../../lib/roles';
import type { StatusSetting } from '../../../store/selectors';
import {
  archivedCount,
  customerName,
  DEFAULT_FILTERS,
  filterQuotes,
  filterSorted,
  isHighlighted,
  matcher,
  prepareSearch,
  quoteColumns,
  quotePlate,
  type QuoteLike,
  searchText,
  selectableStatuses,
  sortQuotes,
  STATUS_COLORS,
  statusColor,
  TABS,
  tabCounts,
} from '../quoteLogic';

const STATI: StatusSetting[] = [
  { id: 0, name: 'In attesa di quotazione', canSelectedBy: ['admin', 'responsabile'], alert: ['admin', 'responsabile'] },
  { id: 1, name: 'Preventivato', canSelectedBy: ['admin', 'responsabile'] },
  { id: 2, name: 'Emissione richiesta', canSelectedBy: [], alert: ['admin', 'responsabile'] },
  { id: 4, name: 'Approvato dalla direzione', canSelectedBy: ['responsabile', 'admin'], alert: ['admin'] },
  { id: 9, name: 'Libero' },
];

const quote = (id: string, fields: Partial<QuoteLike> = {}): QuoteLike => ({
  _id: id,
  at: '2025-03-10T10:00:00+00:00',
  status: 'Preventivato',
  archived: false,
  aId: 'agent1',
  agId: null,
  usrData: [
    { _id: 'nome', name: 'Nome e cognome', type: 'text', value: `Cliente ${id}` },
    { _id: 'targa', name: 'Targa', type: 'targa', value: { value: `AB${id}CD` } },
  ],
  ...fields,
});

const admin = roleFlags({ role: { admin: true } });
const responsabile = roleFlags({ role: { responsabile: true } });
const agent = roleFlags({ role: { a: { type: 'agente' } } });

describe('tabs (SPEC §4)', () => {
  const plain = quote('1');
  const requested = quote('2', { requestEmission: { by: 'agent1', at: '2025-03-10T11:00:00Z' }, status: 'Emissione richiesta' });
  it('PREVENTIVI shows quotes without requestEmission, RICHIESTE the others, EMISSIONI nothing', () => {
    expect(filterQuotes([plain, requested], DEFAULT_FILTERS).map((q) => q._id)).toEqual(['1']);
    expect(filterQuotes([plain, requested], { ...DEFAULT_FILTERS, tab: 'richieste' }).map((q) => q._id)).toEqual(['2']);
    expect(filterQuotes([plain, requested], { ...DEFAULT_FILTERS, tab: 'emissioni' })).toEqual([]);
  });
});

describe('filters', () => {
  const quotes = [
    quote('1'),
    quote('2', { status: 'In attesa di quotazione', aId: 'agent2' }),
    quote('3', { archived: true }),
    quote('4', { aId: 'sub1', agId: 'agent1', usrData: [{ _id: 'nome', value: 'Giulia Verdi' }, { _id: 'cf', value: 'VRDGLI85M41F205R' }] }),
  ];
  const ids = (filters: Partial<typeof DEFAULT_FILTERS>) =>
    filterQuotes(quotes, { ...DEFAULT_FILTERS, ...filters }).map((q) => q._id).sort();

  it('searches customer name, fiscal code, plate and id, all words, any case', () => {
    expect(ids({ search: 'giulia' })).toEqual(['4']);
    expect(ids({ search: 'vrdgli85' })).toEqual(['4']);
    expect(ids({ search: 'ab2cd' })).toEqual(['2']);
    expect(ids({ search: 'cliente 1' })).toEqual(['1']);
    expect(ids({ search: 'giulia rossi' })).toEqual([]);
    expect(ids({ search: '   ' })).toEqual(['1', '2', '4']);
  });

  it('searches extra text (the collaborator name) when given', () => {
    const found = filterQuotes(quotes, { ...DEFAULT_FILTERS, search: 'mario' }, {
      extraText: (q) => (q.aId === 'agent2' ? 'Mario Rossi' : ''),
    });
    expect(found.map((q) => q._id)).toEqual(['2']);
  });

  it('filters by status, collaborator (agent or parent agent) and archived', () => {
    expect(ids({ status: ['In attesa di quotazione'] })).toEqual(['2']);
    expect(ids({ status: ['In attesa di quotazione', 'Preventivato'] })).toEqual(['1', '2', '4']);
    expect(ids({ collaborator: 'agent1' })).toEqual(['1', '4']);
    expect(ids({ collaborator: 'agent2' })).toEqual(['2']);
    expect(ids({ archived: true })).toEqual(['3']);
    expect(archivedCount(quotes, DEFAULT_FILTERS)).toBe(1);
    expect(archivedCount(quotes, { ...DEFAULT_FILTERS, search: 'giulia' })).toBe(0);
  });

  it('keeps quotes inside the Rome date range, with ±3 hours of tolerance', () => {
    const dated = [
      quote('in', { at: '2025-03-01T00:30:00+01:00' }),
      quote('early', { at: '2025-02-28T22:00:00+01:00' }), // 2 h before: tolerated
      quote('before', { at: '2025-02-28T20:00:00+01:00' }), // 4 h before
      quote('late', { at: '2025-04-01T02:00:00+02:00' }), // 2 h after 31 March
      quote('after', { at: '2025-04-01T04:00:00+02:00' }),
    ];
    const found = filterQuotes(dated, { ...DEFAULT_FILTERS, from: '2025-03-01', to: '2025-03-31' }).map((q) => q._id);
    expect(found.sort()).toEqual(['early', 'in', 'late']);
    expect(filterQuotes(dated, { ...DEFAULT_FILTERS, from: '2025-04-01', to: null }).map((q) => q._id).sort()).toEqual(['after', 'late']);
  });
});

describe('sort (SPEC §4)', () => {
  it("puts 'Emissione richiesta' first, then newest first", () => {
    const sorted = sortQuotes([
      quote('old', { at: '2024-01-01T00:00:00Z' }),
      quote('new', { at: '2025-06-01T00:00:00Z' }),
      quote('req-old', { at: '2023-01-01T00:00:00Z', status: 'Emissione richiesta' }),
      quote('req-new', { at: '2024-06-01T00:00:00Z', status: 'Emissione richiesta' }),
      quote('nodate', { at: null }),
    ]);
    expect(sorted.map((q) => q._id)).toEqual(['req-new', 'req-old', 'new', 'old', 'nodate']);
  });
});

describe('highlight', () => {
  it('highlights quotes with no status or a status alerting the role', () => {
    expect(isHighlighted(quote('1', { status: null }), agent, STATI)).toBe(true);
    expect(isHighlighted(quote('1', { status: 'In attesa di quotazione' }), admin, STATI)).toBe(true);
    expect(isHighlighted(quote('1', { status: 'In attesa di quotazione' }), agent, STATI)).toBe(false);
    expect(isHighlighted(quote('1', { status: 'Approvato dalla direzione' }), admin, STATI)).toBe(true);
    expect(isHighlighted(quote('1', { status: 'Approvato dalla direzione' }), responsabile, STATI)).toBe(false);
    expect(isHighlighted(quote('1', { status: 'Preventivato' }), admin, STATI)).toBe(false);
  });
});

describe('selectable statuses', () => {
  it('follows canSelectedBy; absent means everyone', () => {
    expect(selectableStatuses(agent, STATI).map((s) => s.name)).toEqual(['Libero']);
    expect(selectableStatuses(admin, STATI).map((s) => s.name)).toEqual([
      'In attesa di quotazione', 'Preventivato', 'Approvato dalla direzione', 'Libero',
    ]);
  });
});

describe('status colour', () => {
  it('is a stable palette colour from the text, gray for none', () => {
    expect(statusColor(null)).toBe('gray');
    expect(statusColor('')).toBe('gray');
    const colours = STATI.map((s) => statusColor(s.name));
    colours.forEach((c) => expect(STATUS_COLORS).toContain(c));
    // 'Preventivato' hashes (×31 per character, 32-bit) to 258660457, and 258660457 mod 12 = 1
    expect(statusColor('Preventivato')).toBe('cyan');
    expect(statusColor('ab')).toBe('grape'); // 97·31 + 98 = 3105, and 3105 mod 12 = 9
    expect(new Set(colours).size).toBeGreaterThan(1);
  });
});

describe('customer name', () => {
  it('reads nome (+ cognome), else the first text value', () => {
    expect(customerName(quote('1'))).toBe('Cliente 1');
    expect(customerName({ _id: 'x', usrData: [{ _id: 'Nome', value: 'Anna' }, { _id: 'Cognome', value: 'Neri' }] })).toBe('Anna Neri');
    expect(customerName({ _id: 'x', usrData: [{ _id: 'ragione', value: 'Ferri S.r.l.' }] })).toBe('Ferri S.r.l.');
    expect(customerName({ _id: 'x' })).toBe('');
  });
});

describe('10,000 quotes', () => {
  const statuses = STATI.map((s) => s.name);
  const quotes: QuoteLike[] = Array.from({ length: 10_000 }, (_, i) => {
    const status = statuses[i % statuses.length]!;
    return quote(String(i), {
      at: new Date(Date.UTC(2024, 0, 1) + ((i * 7919) % 700) * 86_400_000 + (i % 24) * 3_600_000).toISOString(),
      status,
      archived: i % 11 === 0,
      aId: `agent${i % 7}`,
      requestEmission: status === 'Emissione richiesta' ? { by: 'x', at: 'y' } : undefined,
      usrData: [{ _id: 'nome', value: i % 3 === 0 ? `Rossi ${i}` : `Bianchi ${i}` }],
    });
  });

  it('filters and sorts exactly like a plain reference implementation', () => {
    const filters = { ...DEFAULT_FILTERS, search: 'rossi', collaborator: 'agent2', from: '2024-03-01', to: '2024-12-31' };
    const result = filterQuotes(quotes, filters);

    const start = Date.parse('2024-03-01T00:00:00+01:00') - 3 * 3_600_000;
    const end = Date.parse('2025-01-01T00:00:00+01:00') - 1 + 3 * 3_600_000;
    const expected = quotes
      .filter((q) => !q.archived && !q.requestEmission && q.aId === 'agent2')
      .filter((q) => String((q.usrData as { value: string }[])[0]!.value).toLowerCase().includes('rossi'))
      .filter((q) => Date.parse(String(q.at)) >= start && Date.parse(String(q.at)) <= end)
      .sort((a, b) => Date.parse(String(b.at)) - Date.parse(String(a.at)) || (a._id < b._id ? -1 : 1));
    expect(result.length).toBeGreaterThan(100);
    expect(result.map((q) => q._id)).toEqual(expected.map((q) => q._id));

    const requested = filterQuotes(quotes, { ...DEFAULT_FILTERS, tab: 'richieste' });
    expect(requested.length).toBe(quotes.filter((q) => q.requestEmission && !q.archived).length);
    expect(requested.every((q) => q.status === 'Emissione richiesta')).toBe(true);
    const all = sortQuotes(quotes);
    const firstOther = all.findIndex((q) => q.status !== 'Emissione richiesta');
    expect(all.slice(firstOther).some((q) => q.status === 'Emissione richiesta')).toBe(false);
  });

  it('filters a list sorted once exactly as filtering then sorting', () => {
    const sorted = sortQuotes(quotes);
    for (const filters of [
      DEFAULT_FILTERS,
      { ...DEFAULT_FILTERS, tab: 'richieste' as const },
      { ...DEFAULT_FILTERS, archived: true, search: 'rossi' },
      { ...DEFAULT_FILTERS, collaborator: 'agent3', from: '2024-06-01', to: null },
    ]) {
      expect(filterSorted(sorted, filters).map((q) => q._id)).toEqual(filterQuotes(quotes, filters).map((q) => q._id));
    }
  });

  it('counts every tab and the archived ones in one pass, as each tab filtered on its own', () => {
    const extraText = (q: QuoteLike) => (q.aId === 'agent5' ? 'Giulia Verdi' : '');
    for (const filters of [
      DEFAULT_FILTERS,
      { ...DEFAULT_FILTERS, search: 'rossi 1' },
      { ...DEFAULT_FILTERS, search: 'giulia', tab: 'richieste' as const },
      { ...DEFAULT_FILTERS, archived: true, status: ['Preventivato', 'Emissione richiesta'] },
    ]) {
      const expected = Object.fromEntries(
        TABS.map((tab) => [tab, quotes.filter((q) => Boolean(q.archived) === filters.archived && matcher({ ...filters, tab }, { extraText })(q)).length]),
      );
      expect(tabCounts(quotes, filters, { extraText })).toEqual({
        ...expected,
        archived: archivedCount(quotes, filters, { extraText }),
      });
    }
  });
});

describe('search texts prepared in idle time', () => {
  /** A quote that counts how often its customer data is read. */
  const counted = (id: string) => {
    const base = quote(id);
    const reads = { n: 0 };
    return {
      reads,
      quote: Object.defineProperty({ ...base }, 'usrData', {
        get: () => {
          reads.n += 1;
          return base.usrData;
        },
      }) as QuoteLike,
    };
  };
  /** An idle scheduler the test drives: each run grants `slice` quotes' worth of time. */
  const scheduler = () => {
    const queued: ((deadline: { timeRemaining(): number }) => void)[] = [];
    const idle = (step: (deadline: { timeRemaining(): number }) => void) => {
      queued.push(step);
      return () => void queued.splice(queued.indexOf(step), 1);
    };
    const run = (slice: number) => {
      let left = slice;
      queued.shift()?.({ timeRemaining: () => (left -= 1) > 0 ? 5 : 0 });
    };
    return { idle, run, queued };
  };

  it('builds every text a slice at a time, so the first search reads no customer data', () => {
    const quotes = Array.from({ length: 10 }, (_, i) => counted(`p${i}`));
    const { idle, run, queued } = scheduler();
    prepareSearch(quotes.map((q) => q.quote), idle);
    expect(quotes.every((q) => q.reads.n === 0)).toBe(true); // nothing before the first idle slice
    run(4);
    expect(quotes.filter((q) => q.reads.n > 0)).toHaveLength(4);
    while (queued.length) run(4);
    const before = quotes.map((q) => q.reads.n);
    expect(searchText(quotes[7]!.quote)).toContain('cliente p7');
    expect(quotes.map((q) => q.reads.n)).toEqual(before);
  });

  it('stops when cancelled (the list changed or closed)', () => {
    const quotes = Array.from({ length: 10 }, (_, i) => counted(`c${i}`));
    const { idle, run, queued } = scheduler();
    const cancel = prepareSearch(quotes.map((q) => q.quote), idle);
    run(3);
    cancel();
    expect(queued).toHaveLength(0);
    expect(quotes.filter((q) => q.reads.n > 0)).toHaveLength(3);
  });

  it('schedules nothing for an empty list', () => {
    const { idle, queued } = scheduler();
    prepareSearch([], idle)();
    expect(queued).toHaveLength(0);
  });
});

describe('the plate in the quotes list (plateInQuote)', () => {
  const withPlate = (id: string, plate: unknown) =>
    quote(id, { usrData: [{ _id: 'nome', type: 'text', value: `Cliente ${id}` }, { _id: 'veicolo', type: 'targa', value: plate }] });

  it('adds a Targa column after the customer only when the setting is on', () => {
    expect(quoteColumns(false)).toEqual(['customer', 'product', 'status', 'date', 'collaborator']);
    expect(quoteColumns(true)).toEqual(['customer', 'plate', 'product', 'status', 'date', 'collaborator']);
  });

  it('reads the plate of the targa field, whatever its id, as stored or bare', () => {
    expect(quotePlate(withPlate('1', { value: 'ab 123-cd', tipoBersani: 'autovettura' }))).toBe('AB123CD');
    expect(quotePlate(withPlate('2', 'EF456GH'))).toBe('EF456GH');
    expect(quotePlate(quote('3', { usrData: [{ _id: 'nome', value: 'Luca' }] }))).toBe('');
    expect(quotePlate(withPlate('4', { value: 42 }))).toBe('');
    expect(quotePlate(withPlate('5', null))).toBe('');
    expect(quotePlate(quote('6', { usrData: 'x' }))).toBe('');
  });

  it('lets the search find a quote by its plate however it is typed', () => {
    const quotes = [withPlate('1', { value: 'AB123CD' }), withPlate('2', { value: 'EF456GH' }), quote('3', { usrData: [{ _id: 'nome', value: 'Anna-Maria Neri' }] })];
    const found = (search: string) => filterQuotes(quotes, { ...DEFAULT_FILTERS, search }).map((q) => q._id);
    expect(found('AB123CD')).toEqual(['1']);
    expect(found('ab123cd')).toEqual(['1']);
    expect(found('AB 123 CD')).toEqual(['1']);
    expect(found('ab-123-cd')).toEqual(['1']);
    expect(found('456gh')).toEqual(['2']);
    expect(found('anna-maria')).toEqual(['3']);
    expect(found('annamaria')).toEqual(['3']);
    expect(found('ZZ999ZZ')).toEqual([]);
    expect(found('-')).toHaveLength(3);
  });
});
