/**
 * The module contract the shell checks: routes (relative to /prestiti) and translations (the
 * menu entry is the line's ProductLine, in plugin.py). Each screen loads with its route.
 */
import { lazy } from 'react';
import { translations } from './translations';

const LoanQuotesPage = lazy(() => import('./list/LoanQuotesPage'));
const NewLoanPage = lazy(() => import('./create/NewLoanPage'));
const TegmPage = lazy(() => import('./tegm/TegmPage'));
const LoanPracticePage = lazy(() => import('./practice/LoanPracticePage'));

export default {
  routes: [
    { index: true, element: <LoanQuotesPage /> },
    { path: 'nuovo', element: <NewLoanPage /> },
    { path: 'soglie', element: <TegmPage /> },
    { path: ':id', element: <LoanPracticePage /> },
  ],
  translations,
};
