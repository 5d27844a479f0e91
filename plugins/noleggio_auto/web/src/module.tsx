/** The module contract the shell checks: routes (relative to /noleggio-auto), menu, translations. */
import { lazy } from 'react';
import { translations } from './translations';

const RentalQuotes = lazy(() => import('./RentalQuotes'));
const RentalPractice = lazy(() => import('./RentalPractice'));

export default {
  routes: [
    { index: true, element: <RentalQuotes /> },
    { path: ':id', element: <RentalPractice /> },
  ],
  menu: [{ label: 'menu.label', icon: 'car-suv' }],
  translations,
};
