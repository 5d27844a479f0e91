/**
 * The module contract the shell checks: routes (relative to /targhe, where the shell mounts the
 * `rca` line's module: the plates entry of its menu) and translations (the menu entry is the
 * line's MenuEntry, in plugin.py; its label the shell's `menu:targhe`). Each screen loads with
 * its route, so the shell carries none of their code.
 */
import { lazy } from 'react';
import { translations } from './translations';

const PlatesPage = lazy(() => import('./list/PlatesPage'));
const PlateDetailPage = lazy(() => import('./detail/PlateDetailPage'));

export default {
  routes: [
    { index: true, element: <PlatesPage /> },
    { path: ':id', element: <PlateDetailPage /> },
  ],
  translations,
};
