/** Which modules' panels a quote page shows: loaded modules of the user's lines, those recognising the quote. */
import { describe, expect, it, vi } from 'vitest';
import type { HostItem, ProductModule, QuotePanel } from '@sportello/host-api';
import type { TenantProduct } from '../../lib/tenant';
import type { ModuleState } from '../remotes';
import { applicablePanels, loadedPanels, panelLines, panelTestId } from '../quotePanels';

const Panel = () => null;
const withPlate = (quote: HostItem) => Array.isArray(quote.usrData) && quote.usrData.some((e: { type?: string }) => e.type === 'targa');
const panel = (id: string, appliesTo: QuotePanel['appliesTo'] = withPlate): QuotePanel => ({ id, appliesTo, Component: Panel });
const line = (id: string, module: string | null): TenantProduct =>
  ({ id, name: `Linea ${id}`, icon: 'car', extraProduct: false, module: module ? { name: module, entry: `/plugins/${module}/remoteEntry.js` } : null }) as TenantProduct;
const ready = (quotePanels?: QuotePanel[]): ModuleState => ({
  status: 'ready',
  module: { routes: [], translations: { it: {}, en: {} }, ...(quotePanels ? { quotePanels } : {}) } as ProductModule,
});

describe('the lines whose modules may add panels', () => {
  const extra = (id: string) => ({ ...line(id, id), extraProduct: true }) as TenantProduct;
  const offered = [line('rca', 'rca'), extra('noleggio-auto'), extra('prestiti')];

  it('are the user\'s extra products and the tenant\'s lines that are no extra product, in the tenant\'s order', () => {
    expect(panelLines(offered, [offered[2]!]).map((l) => l.id)).toEqual(['rca', 'prestiti']);
    expect(panelLines(offered, offered).map((l) => l.id)).toEqual(['rca', 'noleggio-auto', 'prestiti']);
  });

  it('leave out an extra product the user does not open, and any line the tenant has off', () => {
    expect(panelLines(offered, []).map((l) => l.id)).toEqual(['rca']);
    expect(panelLines([extra('noleggio-auto')], [line('rca', 'rca')])).toEqual([]);
  });
});

describe('quote panels', () => {
  const states: Record<string, ModuleState> = {
    rca: ready([panel('veicolo')]),
    'rca-bis': ready([panel('veicolo')]), // the same module under a second product
    'noleggio-auto': ready(),
    prestiti: { status: 'loading' },
    broken: { status: 'error', error: new Error('not served') },
  };
  const lines = [line('rca', 'rca'), line('rca-bis', 'rca'), line('noleggio-auto', 'noleggio_auto'), line('prestiti', 'prestiti'), line('broken', 'broken'), line('bare', null)];

  it('come from the loaded modules, once per module', () => {
    const panels = loadedPanels(lines, (id) => states[id]);
    expect(panels.map((p) => [p.module, p.panel.id, p.label])).toEqual([['rca', 'veicolo', 'Linea rca']]);
    expect(panelTestId(panels[0]!)).toBe('quote-panel-rca-veicolo');
  });

  it('are none while modules load, or for a user without the line', () => {
    expect(loadedPanels(lines, () => ({ status: 'loading' }))).toEqual([]);
    expect(loadedPanels([line('noleggio-auto', 'noleggio_auto')], (id) => states[id])).toEqual([]);
  });

  it('show on the quotes they recognise, given the product', () => {
    const panels = loadedPanels(lines, (id) => states[id]);
    const plate = { _id: 'q1', usrData: [{ _id: 'targa', type: 'targa', value: { value: 'AB123CD' } }] };
    expect(applicablePanels(panels, plate, undefined)).toHaveLength(1);
    expect(applicablePanels(panels, { _id: 'q2', usrData: [{ _id: 'nome', type: 'text', value: 'Luca' }] }, undefined)).toEqual([]);
    const byProduct = [{ module: 'm', label: 'M', panel: panel('p', (_q, product) => product?.ramo === 'rca') }];
    expect(applicablePanels(byProduct, plate, { _id: 'p1', ramo: 'rca' })).toHaveLength(1);
    expect(applicablePanels(byProduct, plate, undefined)).toEqual([]);
  });

  it('leave out a panel whose check throws or answers other than true', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const odd = [
      { module: 'm', label: 'M', panel: panel('throws', () => { throw new Error('bad'); }) },
      { module: 'm', label: 'M', panel: panel('truthy', (() => 'yes') as unknown as QuotePanel['appliesTo']) },
      { module: 'm', label: 'M', panel: panel('fine', () => true) },
    ];
    expect(applicablePanels(odd, { _id: 'q' }, undefined).map((p) => p.panel.id)).toEqual(['fine']);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
