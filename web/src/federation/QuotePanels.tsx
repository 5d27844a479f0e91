/**
 * The panels product modules add to a plain quote's page (`quotePanels` of their contract): each
 * lazily loaded with its module, inside its own frame, given the quote, its product and the host
 * context. A panel that fails to load or render shows a short notice in its place.
 */
import { Alert, Center, Loader } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Component, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { useModules, useSession } from '../session/context';
import { useAccess } from '../session/useAccess';
import { useCollection } from '../features/quotes/env';
import { useHostContext } from './hostContext';
import { applicablePanels, loadedPanels, panelLines, panelTestId } from './quotePanels';

function PanelError({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" icon={<IconPlugConnectedX />} data-testid="quote-panel-error">
      {t('moduleError.panel', { name })}
    </Alert>
  );
}

class PanelBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`Modulo ${this.props.name}: pannello del preventivo`, error);
  }

  render() {
    return this.state.failed ? <PanelError name={this.props.name} /> : this.props.children;
  }
}

export default function QuotePanels({ quote }: { quote: HostItem }) {
  const modules = useModules();
  const { tenant } = useSession();
  const { products: open } = useAccess();
  const lines = useMemo(() => panelLines(tenant.products, open), [tenant.products, open]);
  const host = useHostContext();
  const products = useCollection('products');
  const product = products[String(quote.pId ?? '')] as HostItem | undefined;

  // extra products' modules load after the first sync (PrivateLayout); the others, and a page
  // opened first, load here
  useEffect(() => modules.ensure(lines), [modules, lines]);
  // useModules renders again whenever a module's state changes
  const shown = applicablePanels(loadedPanels(lines, (id) => modules.state(id)), quote, product);
  if (!shown.length) return null;
  return (
    <>
      {shown.map((entry) => {
        const Panel = entry.panel.Component;
        return (
          <div key={panelTestId(entry)} data-testid={panelTestId(entry)}>
            <PanelBoundary name={entry.label}>
              <Suspense
                fallback={
                  <Center py="lg">
                    <Loader size="sm" />
                  </Center>
                }
              >
                <Panel quote={quote} product={product} host={host} />
              </Suspense>
            </PanelBoundary>
          </div>
        );
      })}
    </>
  );
}
