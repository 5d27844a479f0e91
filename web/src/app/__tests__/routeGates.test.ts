/**
 * One rule for every private page: a role opens a page when the menu the server sent it leads
 * there (SPEC §6), else the page is the 404 of an unknown path. The menus are the server's own
 * (role-menus.json, checked by tests/integration/guards/test_route_menus.py); the expected
 * answers below are written out by hand from SPEC §6, route by route.
 */
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { roleFlags, type Role } from '../../lib/roles';
import { accessOf, type Access } from '../access';
import { opens, routes, type RouteHandle } from '../routes';
import menus from './role-menus.json';

type RoleName = 'admin' | 'responsabile' | 'e' | 'agent' | 'subagent' | 'segnalatore' | 'none';
type Tenant = 'assicurapp' | 'rcadealer';

const ROLES: Record<RoleName, Role> = {
  admin: { admin: true },
  responsabile: { responsabile: true },
  e: { e: true },
  agent: { a: { type: 'agente' } },
  subagent: { a: { type: 'subagente', aId: 'agente-1' } },
  segnalatore: { segnalatore: true },
  none: {},
};
const EVERY_ROLE = Object.keys(ROLES) as RoleName[];
const LINES = ['noleggio-auto', 'prestiti', 'rca'];

function access(tenant: Tenant, role: RoleName): Access {
  const keys: string[] = menus[tenant][role];
  // the lines a user may open are those whose entry the menu holds (same rule on the server)
  return accessOf(keys.map((key) => ({ key })), roleFlags({ role: ROLES[role] }), keys.filter((k) => LINES.includes(k)));
}

const WORK: RoleName[] = ['admin', 'responsabile', 'agent', 'subagent', 'segnalatore'];
const WITH_ROLE: RoleName[] = EVERY_ROLE.filter((r) => r !== 'none');

/** assicurapp: sample path → the roles that open it (everyone else: 404). */
const ASSICURAPP: [string, string, RoleName[]][] = [
  ['', '/', EVERY_ROLE],
  ['account', '/account', EVERY_ROLE],
  // the menu's chat, and 'Assistenza piattaforma' for the employee
  ['chat/:chatId?', '/chat', WITH_ROLE],
  ['chat/:chatId?', '/chat/stanza-1', WITH_ROLE],
  ['utenti', '/utenti', ['admin', 'e']],
  ['utenti/:id', '/utenti/u1', ['admin', 'e']],
  ['Agenti', '/Agenti', ['admin', 'e']],
  ['impostazioni', '/impostazioni', ['admin']],
  ['area-documentale/:id?', '/area-documentale', WITH_ROLE],
  ['area-documentale/:id?', '/area-documentale/cartella-1', WITH_ROLE],
  ['prodotti', '/prodotti', ['admin', 'responsabile', 'agent', 'subagent']],
  ['prodotti/:id', '/prodotti/p1', ['admin', 'responsabile']],
  ['preventivi', '/preventivi', WORK],
  ['preventivi/:id', '/preventivi/q1', WORK],
  ['polizze', '/polizze', WORK],
  ['polizze/insolute', '/polizze/insolute', WORK],
  ['polizza/:id', '/polizza/p1', WORK],
  ['sinistri', '/sinistri', WORK],
  ['sinistri/:id', '/sinistri/s1', WORK],
  ['clienti', '/clienti', ['admin', 'agent', 'subagent']],
  ['clienti/:id', '/clienti/c1', ['admin', 'agent', 'subagent']],
  // assicurapp does not offer plates
  ['targhe/*', '/targhe', []],
  ['targhe/*', '/targhe/t1', []],
  ['Report', '/Report', WORK],
  ['ProvvigioniAgente/:aId', '/ProvvigioniAgente/u1', WORK],
  // a top agent's own balance; admins' overview of every balance
  ['saldo-collaboratore', '/saldo-collaboratore', ['admin', 'agent']],
  ['saldo-collaboratore/:id', '/saldo-collaboratore/u1', ['admin']],
  ['cassa', '/cassa', ['admin']],
  ['rimesse', '/rimesse', ['admin']],
  // admins and responsabili for the tenant, a top agent for its tree (never a sub-agent)
  ['importa', '/importa', ['admin', 'responsabile', 'agent']],
  // the office for every collaborator, an agent for his own (and his tree's)
  ['rui', '/rui', ['admin', 'responsabile', 'agent', 'subagent']],
  ['rui/:id', '/rui/u1', ['admin', 'responsabile', 'agent', 'subagent']],
  [':productId/*', '/noleggio-auto', WORK],
  [':productId/*', '/prestiti/pratica-1', WORK],
  // a line assicurapp does not offer
  [':productId/*', '/rca', []],
  [':productId/*', '/pagina-che-non-esiste', []],
  ['*', '/polizza/p1/altro/ancora', []],
];

/** rcadealer cuts the menu (users, quotes, policies, report, settings, products, chat, plates). */
const RCADEALER: [string, RoleName[]][] = [
  ['/', EVERY_ROLE],
  ['/utenti', ['admin', 'e']],
  ['/preventivi', WORK],
  // rcadealer's cut menu has no Sinistri
  ['/sinistri', []],
  ['/sinistri/s1', []],
  // nor the overdue list
  ['/polizze/insolute', []],
  ['/targhe', WORK],
  ['/targhe/t1', WORK],
  ['/impostazioni', ['admin']],
  ['/noleggio-auto', WORK],
  ['/prestiti', []],
  ['/cassa', []],
  ['/rimesse', []],
  ['/importa', []],
  ['/rui', []],
  ['/clienti', []],
  ['/clienti/c1', []],
  ['/area-documentale', []],
  ['/saldo-collaboratore', ['admin']],
  ['/chat', WITH_ROLE],
];

/** The private routes (under the logged-in layout) with their full paths. */
function privateRoutes(): { path: string; route: RouteObject }[] {
  const root = routes[0]!.children!;
  const layout = root.find((r) => r.children?.some((c) => c.index))!;
  return layout.children!.map((route) => ({ path: route.index ? '' : route.path!, route }));
}

describe('every private route has a gate', () => {
  it.each(privateRoutes().map(({ path, route }) => [path, route] as const))('%s', (path, route) => {
    const handle = route.handle as RouteHandle | undefined;
    if (path === '*') expect(handle).toBeUndefined();
    else expect(typeof handle?.gate).toBe('function');
  });

  it('and each is in the table below', () => {
    const listed = new Set(ASSICURAPP.map(([pattern]) => pattern));
    expect(privateRoutes().map(({ path }) => path).filter((path) => !listed.has(path))).toEqual([]);
  });
});

describe.each(EVERY_ROLE)('assicurapp, role %s', (role) => {
  it.each(ASSICURAPP.map(([, path, roles]) => [path, roles.includes(role)] as const))('%s opens: %s', (path, open) => {
    expect(opens(path, access('assicurapp', role))).toBe(open);
  });
});

describe.each(EVERY_ROLE)('rcadealer, role %s', (role) => {
  it.each(RCADEALER.map(([path, roles]) => [path, roles.includes(role)] as const))('%s opens: %s', (path, open) => {
    expect(opens(path, access('rcadealer', role))).toBe(open);
  });
});

describe('public paths are no private page', () => {
  it.each(['/login', '/registrazione/abc', '/preventivo-email/q1/code', '/sinistro/p1'])('%s', (path) => {
    expect(opens(path, access('assicurapp', 'admin'))).toBe(false);
  });
});
