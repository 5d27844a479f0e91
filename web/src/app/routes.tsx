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

const comingSoon: Lazy = () => import('../features/placeholder/ComingSoonPage').then((m) => ({ Component: m.default }));
const notFound: Lazy = () => import('../features/errors/NotFoundPage').then((m) => ({ Component: m.default }));

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
          { path: 'login', lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.default })) },
        ],
      },
      {
        lazy: () => import('../layout/PublicLayout').then((m) => ({ Component: m.default })),
        children: [
          {
            path: 'registrazione/:jwt',
            lazy: () => import('../features/auth/RegistrationPage').then((m) => ({ Component: m.default })),
          },
          {
            path: 'resetPwd/:jwt?',
            lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.default })),
          },
          ...PUBLIC_PLACEHOLDER_PATHS.map((path) => ({ path, lazy: comingSoon })),
          {
            path: 'acquisto-polizza/:id',
            lazy: () => import('../features/public-policy/PurchasePage').then((m) => ({ Component: m.default })),
          },
          {
            path: 'extension-policy',
            lazy: () => import('../features/public-policy/ExtensionPage').then((m) => ({ Component: m.default })),
          },
          ...['preventivo-email/:id/:code', 'richiesta-emissione/:id/:code'].map((path) => ({
            path,
            lazy: () => import('../features/public-quote/PublicQuotePage').then((m) => ({ Component: m.default })),
          })),
        ],
      },
      {
        lazy: () => import('../layout/PrivateLayout').then((m) => ({ Component: m.default })),
        children: [
          { index: true, lazy: screen(() => import('../features/home/HomePage'), ['home']) },
          ...CHAT_ROUTES,
          ...PEOPLE_ROUTES,
          { path: 'prodotti', lazy: () => import('../features/products/ProductsPage').then((m) => ({ Component: m.default })) },
          {
            path: 'prodotti/:id',
            lazy: () => import('../features/products/ProductEditPage').then((m) => ({ Component: m.default })),
          },
          page('preventivi', () => import('../features/quotes/QuotesPage'), ['quotes']),
          {
            path: 'preventivi/:id',
            lazy: () => import('../features/quotes/QuoteDetailPage').then((m) => ({ Component: m.default })),
          },
          page('polizze', () => import('../features/policies/PoliciesPage'), ['policies']),
          {
            path: 'polizza/:id',
            lazy: () => import('../features/policies/PolicyDetailPage').then((m) => ({ Component: m.default })),
          },
          page('clienti', () => import('../features/clients/ClientsPage'), ['clients']),
          {
            path: 'clienti/:id',
            lazy: () => import('../features/clients/ClientDetailPage').then((m) => ({ Component: m.default })),
          },
          { path: 'targhe', lazy: () => import('../features/placeholder/GuardedPages').then((m) => ({ Component: m.PlatesPage })) },
          ...MONEY_ROUTES,
          { path: ':productId/*', lazy: () => import('../federation/ProductRoute').then((m) => ({ Component: m.default })) },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
