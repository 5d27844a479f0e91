/**
 * Every route of SPEC §2, lazy-loaded. Extra products live under `/{productId}/*`, served by
 * their federated modules. Each private route names its gate (./access): who may open it, read
 * from the menu the server sent; anyone else gets the 404 of an unknown path.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import RouteError from '../features/errors/RouteError';
import RootLayout from '../layout/RootLayout';
import { i18next } from '../lib/i18n';
import { admins, either, inMenu, productLine, signedIn, supportChat, type Access, type Gate } from './access';

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

/** The route's gate, kept on the route so the rule can be read back (`opens`). */
export interface RouteHandle {
  gate: Gate;
}

/** A private page behind `gate`: its screen, or the 404 of an unknown path. */
const guardedPage = (
  path: string | undefined,
  gate: Gate,
  load: () => Promise<ScreenModule>,
  namespaces: string[] = [],
): RouteObject => {
  const handle: RouteHandle = { gate };
  const lazy = () =>
    Promise.all([load(), import('./Guarded'), i18next.loadNamespaces(namespaces)]).then(([m, g]) => ({
      Component: g.guarded(m.default, gate),
    }));
  return path === undefined ? { index: true, handle, lazy } : { path, handle, lazy };
};

const quotes = inMenu('preventivi');
const policies = inMenu('polizze');
const claims = inMenu('sinistri');
const users = inMenu('utenti');
const report = inMenu('report');

/** The people and tenant screens. */
const PEOPLE_ROUTES: RouteObject[] = [
  guardedPage('utenti', users, () => import('../features/people/UsersPage'), ['people']),
  guardedPage('utenti/:id', users, () => import('../features/people/UserDetailPage'), ['people']),
  // the agents' tree opens from the users' list
  guardedPage('Agenti', users, () => import('../features/people/AgentsPage'), ['people']),
  guardedPage('account', signedIn, () => import('../features/people/AccountPage'), ['people']),
  guardedPage('impostazioni', inMenu('impostazioni'), () => import('../features/settings/SettingsPage'), ['settings', 'dunning', 'privacy', 'needs']),
  guardedPage('area-documentale/:id?', inMenu('area-documentale'), () => import('../features/document-area/DocumentAreaPage'), ['documentArea']),
];

/** The chat: the rooms and the open room. */
const CHAT_ROUTES: RouteObject[] = [
  guardedPage('chat/:chatId?', either(inMenu('chat'), supportChat), () => import('../features/chat/ChatPage'), ['chat']),
];

/** The money screens: commissions, an agent's lines, the balance ledger, the cash sheet. */
const MONEY_ROUTES: RouteObject[] = [
  guardedPage('Report', report, () => import('../features/money/ReportPage'), ['money']),
  // an earner's lines open from the report
  guardedPage('ProvvigioniAgente/:aId', report, () => import('../features/money/AgentCommissionsPage'), ['money']),
  // a top agent's own balance (its menu entry); for admins, the overview of every balance
  guardedPage('saldo-collaboratore', either(inMenu('saldo-collaboratore'), admins), () => import('../features/money/BalancePage'), ['money']),
  guardedPage('saldo-collaboratore/:id', admins, () => import('../features/money/BalancePage'), ['money']),
  guardedPage('cassa', inMenu('cassa'), () => import('../features/money/CashPage'), ['money']),
  guardedPage('rimesse', inMenu('rimesse'), () => import('../features/remittances/RemittancesPage'), ['remittances', 'money']),
  guardedPage('importa', inMenu('importa'), () => import('../features/portfolio-import/PortfolioImportPage'), ['portfolioImport']),
  // RUI entries and yearly training (Reg. IVASS 40/2018): the office's list, an agent's own page
  guardedPage('rui', inMenu('rui'), () => import('../features/rui/RuiPage'), ['rui']),
  guardedPage('rui/:id', inMenu('rui'), () => import('../features/rui/RuiUserPage'), ['rui']),
];

/** Public screens owned by later work. */
export const PUBLIC_PLACEHOLDER_PATHS = [
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
          page('privacy', () => import('../features/privacy/PrivacyPage'), ['privacy']),
          page('acquisto-polizza/:id', () => import('../features/public-policy/PurchasePage'), ['publicPolicy']),
          page('extension-policy', () => import('../features/public-policy/ExtensionPage'), ['publicPolicy']),
          page('sinistro/:policyId', () => import('../features/public-claim/ClaimReportPage'), ['claims']),
          ...['preventivo-email/:id/:code', 'richiesta-emissione/:id/:code'].map((path) =>
            page(path, () => import('../features/public-quote/PublicQuotePage'), ['publicQuote', 'quotes', 'privacy', 'needs']),
          ),
        ],
      },
      {
        lazy: () => import('../layout/PrivateLayout').then((m) => ({ Component: m.default })),
        children: [
          guardedPage(undefined, signedIn, () => import('../features/home/HomePage'), ['home']),
          ...CHAT_ROUTES,
          ...PEOPLE_ROUTES,
          // agents reach 'Nuova quotazione' on the same path
          guardedPage('prodotti', inMenu('prodotti', 'nuova-quotazione'), () => import('../features/products/ProductsPage')),
          guardedPage('prodotti/:id', inMenu('prodotti'), () => import('../features/products/ProductEditPage'), ['products']),
          guardedPage('preventivi', quotes, () => import('../features/quotes/QuotesPage'), ['quotes']),
          guardedPage('preventivi/:id', quotes, () => import('../features/quotes/QuoteDetailPage'), ['quotes', 'needs']),
          guardedPage('polizze', policies, () => import('../features/policies/PoliciesPage'), ['policies', 'policyChanges', 'dunning']),
          guardedPage('polizze/insolute', inMenu('insolute'), () => import('../features/overdue/OverduePage'), ['dunning']),
          guardedPage('polizza/:id', policies, () => import('../features/policies/PolicyDetailPage'), ['policies', 'claims', 'policyChanges', 'dunning']),
          guardedPage('sinistri', claims, () => import('../features/claims/ClaimsPage'), ['claims']),
          guardedPage('sinistri/:id', claims, () => import('../features/claims/ClaimDetailPage'), ['claims', 'quotes']),
          guardedPage('clienti', inMenu('clienti'), () => import('../features/clients/ClientsPage'), ['clients']),
          guardedPage('clienti/:id', inMenu('clienti'), () => import('../features/clients/ClientDetailPage'), ['clients', 'privacy']),
          // the plates register: the rca line's module, where the menu holds its entry
          guardedPage('targhe/*', inMenu('targhe'), () => import('../federation/ProductRoute').then((m) => ({ default: m.PlatesRoute }))),
          ...MONEY_ROUTES,
          guardedPage(':productId/*', productLine, () => import('../federation/ProductRoute')),
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

/** Whether `access` opens the private page at `pathname`: false for an unknown or public path. */
export function opens(pathname: string, access: Access): boolean {
  const match = (matchRoutes(routes, pathname) ?? []).at(-1);
  const gate = (match?.route.handle as RouteHandle | undefined)?.gate;
  return gate !== undefined && gate(access, match!.params);
}
