/**
 * The module contract the shell checks: routes (relative to /noleggio-auto) and translations
 * (the menu entry is the line's ProductLine, in plugin.py). Each screen loads with its route, so the shell carries none of their code.
 */
import { lazy } from 'react';
import { translations } from './translations';

const RentalQuotesPage = lazy(() => import('./list/RentalQuotesPage'));
const NewRentalPage = lazy(() => import('./create/NewRentalPage'));
const CataloguePage = lazy(() => import('./catalogue/CataloguePage'));
const RentalPracticePage = lazy(() => import('./practice/RentalPracticePage'));

export default {
  routes: [
    { index: true, element: <RentalQuotesPage /> },
    { path: 'nuovo', element: <NewRentalPage /> },
    { path: 'catalogo', element: <CataloguePage /> },
    { path: ':id', element: <RentalPracticePage /> },
  ],
  translations,
};
