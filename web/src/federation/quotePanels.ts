/**
 * Which module panels (`ProductModule.quotePanels`, @sportello/host-api) a quote page shows: those
 * of the loaded modules of the lines the user works that recognise the quote. A panel whose `appliesTo`
 * throws is left out (and logged), as a module that failed to load is: the page keeps working.
 */
import type { HostItem, ProductModule, QuotePanel } from '@sportello/host-api';
import type { ModuleState } from './remotes';
import type { TenantProduct } from '../lib/tenant';

/** A panel with the module it comes from (its name: the panel's frame and test id). */
export interface ModulePanel {
  module: string;
  label: string;
  panel: QuotePanel;
}

/**
 * The lines whose modules may add panels: those the user opens (their extra products) and the
 * tenant's lines that are no extra product (RCA), which every user with a role works where the
 * tenant has them on; in the tenant's order.
 */
export function panelLines(offered: readonly TenantProduct[], open: readonly TenantProduct[]): TenantProduct[] {
  const opened = new Set(open.map((line) => line.id));
  return offered.filter((line) => opened.has(line.id) || !line.extraProduct);
}

/** The panels of the loaded modules, once per module (products may share one), in the lines' order. */
export function loadedPanels(
  products: readonly TenantProduct[],
  state: (productId: string) => ModuleState | undefined,
): ModulePanel[] {
  const seen = new Set<string>();
  const panels: ModulePanel[] = [];
  for (const product of products) {
    const name = product.module?.name;
    const loaded = state(product.id);
    if (!name || seen.has(name) || loaded?.status !== 'ready') continue;
    seen.add(name);
    const module: ProductModule = loaded.module;
    for (const panel of module.quotePanels ?? []) panels.push({ module: name, label: product.name, panel });
  }
  return panels;
}

/** The panels that recognise the quote; one whose check throws is left out. */
export function applicablePanels(panels: readonly ModulePanel[], quote: HostItem, product: HostItem | undefined): ModulePanel[] {
  return panels.filter(({ module, panel }) => {
    try {
      return panel.appliesTo(quote, product) === true;
    } catch (error) {
      console.error(`Modulo ${module}: pannello ${panel.id}`, error);
      return false;
    }
  });
}

/** The test id of a panel's frame. */
export const panelTestId = ({ module, panel }: ModulePanel): string => `quote-panel-${module}-${panel.id}`;
