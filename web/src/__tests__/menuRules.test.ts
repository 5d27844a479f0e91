import { describe, expect, it } from 'vitest';
import { roleFlags, type Role } from '../lib/roles';
import type { TenantProduct } from '../lib/tenant';
import { buildMenu } from '../menu/menuRules';

const product = (id: string, extraProduct = true): TenantProduct => ({ id, name: id, icon: 'x', extraProduct, module: null });
const ASSICURAPP = [product('noleggio-auto'), product('prestiti')];
const RCADEALER = [product('rca', false), product('noleggio-auto')];
const RCADEALER_ONLY = ['utenti', 'preventivi', 'polizze', 'report', 'impostazioni', 'prodotti', 'nuova-quotazione', 'chat', 'targhe', 'noleggio-auto'];

const menu = (role: Role | null, opts: { products?: TenantProduct[]; only?: string[] | null; extra?: string[] } = {}) =>
  buildMenu({
    flags: roleFlags({ role }),
    userProducts: opts.extra ?? [],
    tenantProducts: opts.products ?? ASSICURAPP,
    only: opts.only ?? null,
  }).map((e) => e.key);

describe('side menu (SPEC §6)', () => {
  it('gives admins users, work, products, cash, settings, clients, documents and every extra product', () => {
    expect(menu({ admin: true })).toEqual([
      'utenti', 'preventivi', 'polizze', 'chat', 'report', 'prodotti', 'cassa', 'impostazioni', 'clienti',
      'area-documentale', 'noleggio-auto', 'prestiti',
    ]);
  });

  it('gives a top-level agent home, balance, clients, Nuova quotazione and only its own products', () => {
    expect(menu({ a: { type: 'a' } }, { extra: ['prestiti'] })).toEqual([
      'home', 'preventivi', 'polizze', 'chat', 'report', 'saldo-collaboratore', 'clienti', 'nuova-quotazione',
      'area-documentale', 'prestiti',
    ]);
  });

  it('gives a sub-agent no balance entry', () => {
    expect(menu({ a: { aId: 'parent' } })).not.toContain('saldo-collaboratore');
  });

  it('gives employees users and documents only', () => {
    expect(menu({ e: true }, { extra: ['prestiti'] })).toEqual(['utenti', 'area-documentale', 'prestiti']);
  });

  it('gives responsabile and segnalatore work entries; products only to responsabile', () => {
    expect(menu({ responsabile: true })).toEqual(['preventivi', 'polizze', 'chat', 'report', 'prodotti', 'area-documentale']);
    expect(menu({ segnalatore: true })).toEqual(['preventivi', 'polizze', 'chat', 'report', 'area-documentale']);
  });

  it('gives a user with no role an empty menu', () => {
    expect(menu({})).toEqual([]);
    expect(menu(null)).toEqual([]);
  });

  it('cuts the menu to the tenant list and adds plates where rca is offered', () => {
    expect(menu({ admin: true }, { products: RCADEALER, only: RCADEALER_ONLY })).toEqual([
      'utenti', 'preventivi', 'polizze', 'chat', 'report', 'prodotti', 'impostazioni', 'targhe', 'noleggio-auto',
    ]);
    expect(menu({ a: {} }, { products: RCADEALER, only: RCADEALER_ONLY, extra: ['noleggio-auto'] })).toEqual([
      'preventivi', 'polizze', 'chat', 'report', 'nuova-quotazione', 'targhe', 'noleggio-auto',
    ]);
    expect(menu({ admin: true })).not.toContain('targhe');
  });

  it('never shows a product the tenant does not offer, even if the user has it', () => {
    expect(menu({ a: {} }, { products: RCADEALER, extra: ['prestiti'] })).not.toContain('prestiti');
  });

  it('keeps the chip names and product metadata on entries', () => {
    const entries = buildMenu({ flags: roleFlags({ role: { admin: true } }), userProducts: [], tenantProducts: ASSICURAPP, only: null });
    expect(entries.find((e) => e.key === 'preventivi')?.chip).toBe('preventivi');
    expect(entries.find((e) => e.key === 'polizze')?.chip).toBe('polizze');
    expect(entries.find((e) => e.key === 'noleggio-auto')).toMatchObject({
      path: '/noleggio-auto',
      product: 'noleggio-auto',
      chip: 'line:noleggio-auto',
    });
  });
});
