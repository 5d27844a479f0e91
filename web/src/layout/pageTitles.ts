/**
 * The page's title for the top bar and the browser tab: what the page shows, by name
 * ('Polizza AZ-876B20', 'Preventivo di Mario Rossi', 'Cliente Mario Rossi', a user's name),
 * read from the synced records; a list page by its menu entry's label; else the path's last
 * segment (SPEC §2). A page may set its own (`pageTitleStore`), the 404 page does.
 */
import type { Collections, Item } from '../store/store';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface TitleContext {
  collections: Collections;
  /** The tenant's plural for agents ('Agenti', 'Dealers'). */
  agents: string;
  /** The product lines by id (their routes live under `/{id}`). */
  lines: readonly { id: string; name: string }[];
  /** Menu entries: their path and their shown label. */
  menu: readonly { path: string; label: string }[];
  t: Translate;
}

/** Page title from the last path segment: capitalised, dashes turned into spaces (SPEC §2). */
export function pathTitle(pathname: string, home = 'Home'): string {
  const segment = decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? '');
  if (!segment) return home;
  const text = segment.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Entry = { _id?: unknown; value?: unknown };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A customer's name from a quote's or policy's fields: 'Nome Cognome', else the first text. */
export function customerOf(record: Item | undefined): string {
  if (!record) return '';
  const own = record.usrData;
  const practice = (record.pr as { usrData?: unknown } | undefined)?.usrData;
  const entries = (Array.isArray(own) && own.length ? own : Array.isArray(practice) ? practice : []) as Entry[];
  const field = (id: string) => text(entries.find((e) => String(e._id).toLowerCase() === id)?.value);
  const name = [field('nome'), field('cognome')].filter(Boolean).join(' ');
  if (name) return name;
  return text(entries.find((e) => text(e.value))?.value);
}

const userName = (user: Item | undefined): string => text(user?.name) || text(user?.email);

/** The name of the client `id`, from a quote or policy of theirs the user sees. */
function clientName(collections: Collections, id: string): string {
  for (const kind of ['preventivi', 'polizze']) {
    for (const record of Object.values(collections[kind] ?? {})) {
      if (record.clientId === id) {
        const name = customerOf(record);
        if (name) return name;
      }
    }
  }
  return '';
}

/** The title of `pathname`. */
export function titleFor(pathname: string, ctx: TitleContext): string {
  const { collections, t } = ctx;
  const segments = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  const [first = '', id = ''] = segments;
  const named = (key: string, name: string) => (name ? t(`layout:titles.${key}`, { name }) : t(`layout:titles.${key}Plain`));
  if (segments.length === 2) {
    switch (first) {
      case 'polizza': {
        const policy = collections.polizze?.[id];
        const number = text(policy?.number);
        if (number) return t('layout:titles.policy', { number });
        return named('policyOf', customerOf(policy));
      }
      case 'sinistri':
        return named('claim', text(collections.sinistri?.[id]?.customer));
      case 'preventivi':
        return named('quote', customerOf(collections.preventivi?.[id]));
      case 'clienti':
        return named('client', clientName(collections, id));
      case 'utenti':
        return userName(collections.usr?.[id]) || t('layout:titles.userPlain');
      case 'ProvvigioniAgente':
        return named('commissions', userName(collections.usr?.[id]));
      case 'saldo-collaboratore':
        return named('balance', userName(collections.usr?.[id]));
      case 'prodotti':
        return id === 'nuovo' ? t('layout:titles.newProduct') : text(collections.products?.[id]?.name) || t('layout:titles.productPlain');
      case 'chat':
        return t('layout:titles.chat');
      default:
        break;
    }
  }
  if (segments.length === 1 && first.toLowerCase() === 'agenti') return ctx.agents;
  const entry = ctx.menu.find((e) => e.path === `/${segments.join('/')}` && segments.length);
  if (entry) return entry.label;
  const line = ctx.lines.find((l) => l.id === first);
  if (line) return line.name;
  if (first === 'area-documentale') return t('layout:titles.documents');
  return pathTitle(pathname);
}
