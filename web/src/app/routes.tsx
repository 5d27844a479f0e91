/**
 * Every route of SPEC §2, lazy-loaded. Screens that later work builds show 'in arrivo'.
 * Extra products live under `/{productId}/*`, served by their federated modules.
 */
import type { RouteObject } from 'react-router';
import RouteError from '../features/errors/RouteError';
import RootLayout from '../layout/RootLayout';
import { i18next } from '../lib/i18n';

type Lazy = RouteObject['lazy'];
type ScreenModule = { default: React.ComponentType };

/**
 * A screen's chunk and its translations, loaded together: the router shows the screen once
 * both are in, and a preload (./preload) warms both.
 */
const screen =
  (load: () => Promise<ScreenModule>, namespaces: string[] = []): Lazy =>
  () =>
    Promise.all([load(), i18next.loadNamespaces(namespaces)]).then(([m]) => ({ Component: m.default }));

const comingSoon = screen(() => import('../features/placeholder/ComingSoonPage'));
const notFound = screen(() => import('../features/errors/NotFoundPage'));

const page = (path: string, load: () => Promise<ScreenModule>, namespaces: string[] = []): RouteObject => ({
  path,
  lazy: screen(load, namespaces),
});

/** The people and tenant screens. */
const PEOPLE_ROUTES: RouteObject[] = [
  page('utenti', () => import('../features/people/UsersPage'), ['people']),
  page('utenti/:id', () => import('../features/people/UserDetailPage'), ['people']),
  page('Agenti', () => import('../features/people/AgentsPage'), ['people']),
  page('account', () => import('../features/people/AccountPage'), ['people']),
  page('impostazioni', () => import('../features/settings/SettingsPage'), ['settings']),
  page('area-documentale/:id?', () => import('../features/document-area/DocumentAreaPage'), ['documentArea']),
];

/** The chat: the rooms and the open room. */
const CHAT_ROUTES: RouteObject[] = [page('chat/:chatId?', () => import('../features/chat/ChatPage'), ['chat'])];

/** The money screens: commissions, an agent's lines, the balance ledger, the cash sheet. */
const MONEY_ROUTES: RouteObject[] = [
  page('Report', () => import('../features/money/ReportPage'), ['money']),
  page('ProvvigioniAgente/:aId', () => import('../features/money/AgentCommissionsPage'), ['money']),
  page('saldo-collaboratore/:id?', () => import('../features/money/BalancePage'), ['money']),
  page('cassa', () => import('../features/money/CashPage'), ['money']),
];

/** Public screens owned by later work. */
export const PUBLIC_PLACEHOLDER_PATHS = [
  'privacy',
  'Doc/*',
] as const;

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: () => import('../layout/PublicLayout').then((m) => ({ element: <m.default waitForSession /> })),
        children: [
          page('login', () => import('../features/auth/LoginPage')),
        ],
      },
      {
        lazy: () => import('../layout/PublicLayout').then((m) => ({ Component: m.default })),
        children: [
          page('registrazione/:jwt', () => import('../features/auth/RegistrationPage')),
          page('resetPwd/:jwt?', () => import('../features/auth/ResetPasswordPage')),
          ...PUBLIC_PLACEHOLDER_PATHS.map((path) => ({ path, lazy: comingSoon })),
          page('acquisto-polizza/:id', () => import('../features/public-policy/PurchasePage'), ['publicPolicy']),
          page('extension-policy', () => import('../features/public-policy/ExtensionPage'), ['publicPolicy']),
          ...['preventivo-email/:id/:code', 'richiesta-emissione/:id/:code'].map((path) =>
            page(path, () => import('../features/public-quote/PublicQuotePage'), ['publicQuote', 'quotes']),
          ),
        ],
      },
      {
        lazy: () => import('../layout/PrivateLayout').then((m) => ({ Component: m.default })),
        children: [
          { index: true, lazy: screen(() => import('../features/home/HomePage'), ['home']) },
          ...CHAT_ROUTES,
          ...PEOPLE_ROUTES,
          page('prodotti', () => import('../features/products/ProductsPage')),
          page('prodotti/:id', () => import('../features/products/ProductEditPage'), ['products']),
          page('preventivi', () => import('../features/quotes/QuotesPage'), ['quotes']),
          page('preventivi/:id', () => import('../features/quotes/QuoteDetailPage'), ['quotes']),
          page('polizze', () => import('../features/policies/PoliciesPage'), ['policies']),
          page('polizza/:id', () => import('../features/policies/PolicyDetailPage'), ['policies']),
          page('clienti', () => import('../features/clients/ClientsPage'), ['clients']),
          page('clienti/:id', () => import('../features/clients/ClientDetailPage'), ['clients']),
          { path: 'targhe', lazy: () => import('../features/placeholder/GuardedPages').then((m) => ({ Component: m.PlatesPage })) },
          ...MONEY_ROUTES,
          page(':productId/*', () => import('../federation/ProductRoute')),
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
