/**
 * The module contract the shell checks: routes (relative to /targhe, where the shell mounts the
 * `rca` line's module: the plates entry of its menu), translations (the menu entry is the
 * line's MenuEntry, in plugin.py; its label the shell's `menu:targhe`) and the panel the
 * shell's quote page shows on a plain quote that carries a plate (vehicle, risk certificate, CU
 * class). Each screen loads with its route, the panel where it shows, so the shell carries
 * none of their code.
 */
import { lazy } from 'react';
import type { ProductModule } from '@sportello/host-api';
import { carriesPlate } from './lib/quoteVehicle';
import { translations } from './translations';

const PlatesPage = lazy(() => import('./list/PlatesPage'));
const PlateDetailPage = lazy(() => import('./detail/PlateDetailPage'));
const RcaQuotePanel = lazy(() => import('./quote/RcaQuotePanel'));

export default {
  routes: [
    { index: true, element: <PlatesPage /> },
    { path: ':id', element: <PlateDetailPage /> },
  ],
  translations,
  quotePanels: [{ id: 'veicolo', appliesTo: carriesPlate, Component: RcaQuotePanel }],
} satisfies ProductModule;
