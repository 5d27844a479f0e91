/**
 * The contract a product module (a federated remote) exports as `./module`:
 *
 * ```ts
 * export default {
 *   routes: [{ index: true, Component: List }, { path: ':id', Component: Practice }],
 *   translations: { it: { list: { title: 'Pratiche' } }, en: { … } },
 *   quotePanels: [{ id: 'veicolo', appliesTo: carriesPlate, Component: lazy(() => import('./VehiclePanel')) }],
 * } satisfies ProductModule;
 * ```
 * Routes are relative to `/{productId}`; `it` and `en` carry the same keys. The line's menu
 * entry (label, icon, path) is not the module's: the server builds it from the line's one
 * declaration (`ProductLine` in its plugin), which any Tabler icon name may illustrate.
 * `quotePanels` (optional) add the module's panels to the shell's quote page.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

export interface ProductModule {
  routes: RouteObject[];
  translations: Record<'it' | 'en', Record<string, unknown>>;
  /** Panels on the shell's quote page (`/preventivi/:id`) for the plain quotes the module recognises. */
  quotePanels?: QuotePanel[];
}

/** What a quote panel is given. */
export interface QuotePanelProps {
  /** The quote the page shows, live: the panel renders again when it changes. */
  quote: HostItem;
  /** The quote's product (from the `products` collection), when the user's data has it. */
  product: HostItem | undefined;
  /**
   * The host context. A panel renders on the shell's page, outside the module's routes, so
   * `useHost()` has nothing to read there: the panel (and what it renders) takes this one.
   */
  host: HostContext;
}

/**
 * A panel a module adds to the shell's quote page, below the customer data and the quotations:
 * the RCA line's vehicle, risk certificate and CU class on a quote that carries a plate, say.
 * The shell asks the modules of the lines the user works (loading them if need be); a panel
 * that throws stays inside its own frame, and the quote page keeps working. Plain quotes only: a line's own quotes open in
 * the line's practice page.
 */
export interface QuotePanel {
  /** Unique within the module: the panel's key, and its test id `quote-panel-{module}-{id}`. */
  id: string;
  /** Whether the panel belongs on this quote's page: pure and quick (it runs on every render). */
  appliesTo: (quote: HostItem, product: HostItem | undefined) => boolean;
  /**
   * The panel, lazily loaded — `lazy(() => import('./quote/Panel'))` — so its code downloads
   * only on the pages it shows on, and never with the shell's login screen.
   */
  Component: ComponentType<QuotePanelProps>;
}

/** A record of a live collection (quote, policy, user, product, document…), keyed by `_id`. */
export interface HostItem {
  _id: string;
  [field: string]: unknown;
}

/**
 * The live collections a module may read with `useCollection`, by stream name, and the type of
 * their records. Core's are listed here; a product line declares its own streams by merging
 * into this interface (TypeScript declaration merging), next to the records' type:
 *
 * ```ts
 * declare module '@sportello/host-api' {
 *   interface Collections {
 *     'noleggio-auto/auto': CarRecord;
 *   }
 * }
 * ```
 * The shell syncs and follows whatever streams the server lists for the user; a stream the
 * user may not read (its line switched off) is an empty collection.
 */
export interface Collections {
  preventivi: HostItem;
  polizze: HostItem;
  usr: HostItem;
  products: HostItem;
  docs: HostItem;
  chat: HostItem;
  sinistri: HostItem;
}

/** A stream name `useCollection` accepts: core's, or one a module declared in `Collections`. */
export type CollectionName = keyof Collections & string;

/** The quote-list filters the shell's toolbar edits (SPEC §2 quote lists). */
export interface QuoteFilters {
  tab: 'preventivi' | 'richieste' | 'emissioni';
  /** Search text (the `src` query parameter). */
  search: string;
  /** Inclusive ISO dates (Europe/Rome) or null. */
  from: string | null;
  to: string | null;
  status: string[];
  collaborator: string | null;
  archived: boolean;
}

/** How a realtime call is made: `timeoutMs` replaces the socket's 10 s for a call known to take
 * longer (one that makes the customer's documents). */
export interface CallOptions {
  timeoutMs?: number;
}

/**
 * What the shell gives a module's routes as outlet context (`useOutletContext()`): live data,
 * calls, the user's role flags and the shell's shared quote components, so that a product
 * module reuses the same toolbar, status changer, documents and chat button as core screens.
 */
export interface HostContext {
  /** A user's display name; unknown users are looked up lazily ('' until they arrive). */
  userName: (id: string | null | undefined) => string;
  /** The logged-in user and the role flags of SPEC §6 (`canEdit`: admin or responsabile). */
  user: HostItem;
  flags: {
    admin: boolean;
    responsabile: boolean;
    employee: boolean;
    agent: boolean;
    referrer: boolean;
    parentAgentId: string | null;
    canEdit: boolean;
  };
  /**
   * Whether the first data sync is over. Until then a quote missing from a collection may still
   * arrive, so a practice page shows a loader rather than 'not found'.
   */
  dataLoaded: boolean;
  /**
   * A live collection of the store, by stream name (a React hook: call it at the top of a
   * component): records by `_id`, kept in sync and live by the shell. Core's names, and those a
   * module declared in {@link Collections}.
   */
  useCollection: <K extends CollectionName>(name: K) => Readonly<Record<string, Collections[K]>>;
  /**
   * Follow a realtime channel (a hook: call it at the top of a component); `onEvent` hears each
   * `{operationType, …}` event while the component is mounted. The line's own channels only.
   */
  useChannel: (channel: string, onEvent: (event: Record<string, unknown>) => void) => void;
  /**
   * The page's own title in the top bar and the browser tab while it is shown (a hook: call it
   * at the top of a component); `null` keeps the shell's (the menu entry's). A record's page
   * names its record: 'Targa AB123CD' rather than the id in its address.
   */
  usePageTitle: (title: string | null) => void;
  /** A realtime call; rejects with an Error whose message is the server's (Italian) message. */
  call: <T = unknown>(name: string, data?: unknown, options?: CallOptions) => Promise<T>;
  /** Centred notifications (SPEC §9: 3500 ms, close button). */
  notify: { success: (message: string) => void; error: (message: string) => void };
  /** Quote statuses from the settings (SPEC §4). */
  statuses: { id: number; name: string; canSelectedBy?: string[]; alert?: string[] }[];
  /** Pure helpers shared with the core quote list. */
  quotes: {
    /** Quotes passing `filters`, sorted 'Emissione richiesta' first, then newest first. */
    filter: (quotes: HostItem[], filters: QuoteFilters) => HostItem[];
    /** Whether the row is highlighted for this user (no status, or status alerting the role). */
    highlighted: (quote: HostItem) => boolean;
    /** The status colour (a hash of the status text). */
    statusColor: (status: string | null | undefined) => string;
    /** The customer's name from the quote's fields (`nome` [+ `cognome`], else the first text). */
    customerName: (quote: HostItem) => string;
    /** The filters a quote list starts from (PREVENTIVI tab, nothing else set). */
    defaultFilters: QuoteFilters;
  };
  /** Formats shared with the shell's screens. */
  format: {
    /** A date-time in Rome as 'GG/MM/AAAA HH:mm' ('' for none). */
    dateTime: (value: unknown) => string;
  };
  /** The shell's shared components (they carry their own translations). */
  ui: {
    /** Tabs, search (`src` param), date range with presets, filters; owns the URL state. */
    QuoteToolbar: ComponentType<{ quotes: HostItem[]; value: QuoteFilters; onChange: (next: QuoteFilters) => void }>;
    /** Status select limited by canSelectedBy; saves with `saveData` and notifies. */
    StatusChanger: ComponentType<{ quote: HostItem }>;
    /** Files of a quote or policy: list, download, upload and delete for canEdit users. */
    DocumentsSection: ComponentType<{
      ownerKind: 'preventivo' | 'polizza';
      ownerId: string;
      /** The document types the record needs (a line's checklist): shown first, even empty, each marked present or missing. */
      required?: { type: string; label: string }[];
    }>;
    /** Archive / restore the quote (rendered for canEdit users only). */
    ArchiveButton: ComponentType<{ quote: HostItem }>;
    /** The customer's link to the quote (`createLinkPreventivo`), opened in a popup. */
    QuoteLinkButton: ComponentType<{ quote: HostItem }>;
    /** The quote's customer data: the fields that are not hidden, as readable text. */
    CustomerData: ComponentType<{ quote: HostItem }>;
    /** CHAT button with the unread badge; opens the room `{product}/{quoteId}`. */
    ChatButton: ComponentType<{ roomId: string }>;
    /** The customer fields of a product, with the validators of SPEC §3/§5. */
    CustomerFieldsForm: ComponentType<{
      fields: HostItem[];
      value: Record<string, unknown>;
      onChange: (next: Record<string, unknown>) => void;
      errors?: Record<string, string>;
    }>;
    /** 'Seleziona il collaboratore a cui assegnare il preventivo' (agents of the user's scope). */
    CollaboratorSelect: ComponentType<{ value: string | null; onChange: (id: string | null) => void; label?: string }>;
    /**
     * A status badge coloured by `quotes.statusColor`; given the policy issued from the quote,
     * it reads 'Polizza emessa n. …' instead (the status stays in its title), as the quote list does.
     */
    StatusBadge: ComponentType<{ status: string | null | undefined; policy?: { number: string | null } | null }>;
  };
}

export const REQUIRED_LANGUAGES = ['it', 'en'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Dotted keys of a nested translation object ('menu.label'). */
export function translationKeys(bundle: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    isObject(value) ? translationKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function routeProblems(routes: unknown, where: string): string[] {
  if (!Array.isArray(routes)) return [`${where}: deve essere una lista`];
  return routes.flatMap((route, i) => {
    const at = `${where}[${i}]`;
    if (!isObject(route)) return [`${at}: non è una rotta`];
    const problems: string[] = [];
    if (!route.index && typeof route.path !== 'string') problems.push(`${at}: manca path o index`);
    if (!route.element && !route.Component && !route.lazy && !route.children) {
      problems.push(`${at}: manca il componente`);
    }
    if (route.children !== undefined) problems.push(...routeProblems(route.children, `${at}.children`));
    return problems;
  });
}

const isComponent = (value: unknown): boolean => typeof value === 'function' || (isObject(value) && '$$typeof' in value);

function panelProblems(panels: unknown): string[] {
  if (panels === undefined) return [];
  if (!Array.isArray(panels)) return ['quotePanels: deve essere una lista'];
  const seen = new Set<string>();
  return panels.flatMap((panel, i) => {
    const at = `quotePanels[${i}]`;
    if (!isObject(panel)) return [`${at}: non è un pannello`];
    const problems: string[] = [];
    if (typeof panel.id !== 'string' || !panel.id) problems.push(`${at}: manca id`);
    else if (seen.has(panel.id)) problems.push(`${at}: id ${panel.id} ripetuto`);
    else seen.add(panel.id);
    if (typeof panel.appliesTo !== 'function') problems.push(`${at}: manca appliesTo`);
    if (!isComponent(panel.Component)) problems.push(`${at}: manca il componente`);
    return problems;
  });
}

/** Every way `value` breaks the contract, in Italian; empty when it is a valid module. */
export function contractProblems(value: unknown): string[] {
  if (!isObject(value)) return ['il modulo non esporta un oggetto'];
  const problems = [...routeProblems(value.routes, 'routes'), ...panelProblems(value.quotePanels)];
  if (value.menu !== undefined) {
    problems.push('menu: la voce di menu della linea si dichiara nella sua ProductLine (plugin.py), non nel modulo');
  }
  const translations = value.translations;
  if (!isObject(translations)) return [...problems, 'translations: mancano le traduzioni'];
  for (const language of REQUIRED_LANGUAGES) {
    if (!isObject(translations[language])) problems.push(`translations.${language}: mancante`);
  }
  if (isObject(translations.it) && isObject(translations.en)) {
    const it = new Set(translationKeys(translations.it));
    const en = new Set(translationKeys(translations.en));
    const onlyIt = [...it].filter((k) => !en.has(k));
    const onlyEn = [...en].filter((k) => !it.has(k));
    if (onlyIt.length) problems.push(`translations.en: mancano ${onlyIt.join(', ')}`);
    if (onlyEn.length) problems.push(`translations.it: mancano ${onlyEn.join(', ')}`);
  }
  return problems;
}

export function asProductModule(value: unknown): ProductModule {
  const candidate = isObject(value) && 'default' in value ? value.default : value;
  const problems = contractProblems(candidate);
  if (problems.length) throw new Error(`Modulo non valido: ${problems.join('; ')}`);
  return candidate as ProductModule;
}
