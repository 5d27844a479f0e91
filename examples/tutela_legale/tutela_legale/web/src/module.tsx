/**
 * The module contract the shell checks: routes (relative to /tutela-legale), and translations (the menu entry is the line's ProductLine, in plugin.py).
 * Each screen loads with its route.
 */
import { lazy } from 'react';
import { translations } from './translations';

const PracticeList = lazy(() => import('./PracticeList'));
const PracticeDetail = lazy(() => import('./PracticeDetail'));

export default {
  routes: [
    { index: true, element: <PracticeList /> },
    { path: ':id', element: <PracticeDetail /> },
  ],
  translations,
};
