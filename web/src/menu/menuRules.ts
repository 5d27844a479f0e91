/**
 * The side menu of SPEC §6: which entries a user sees, in which order, with which chip.
 * Pure data in, entries out; the tenant's configuration decides the cut and the products.
 */
import type { RoleFlags } from '../lib/roles';
import type { TenantProduct } from '../lib/tenant';
import { lineChip } from '../store/selectors';

export interface MenuEntry {
  key: string;
  path: string;
  /** i18n key, or the plain product name for extra products. */
  label: string;
  icon: string;
  order: number;
  /** 'preventivi', 'polizze', 'chat', or a product line's `lineChip(id)`. */
  chip?: string;
  /** Set for extra products: the product id. */
  product?: string;
}

interface MenuRule extends MenuEntry {
  visible: (flags: RoleFlags) => boolean;
  /** Shown only where the tenant offers this product line (e.g. plates with `rca`). */
  requiresProduct?: string;
}

const work = (f: RoleFlags) => f.any && !f.employee;

export const CORE_MENU: readonly MenuRule[] = [
  { key: 'utenti', path: '/utenti', label: 'menu:utenti', icon: 'users', order: 10, visible: (f) => f.admin || f.employee },
  { key: 'home', path: '/', label: 'menu:home', icon: 'home', order: 20, visible: (f) => f.agent },
  { key: 'preventivi', path: '/preventivi', label: 'menu:preventivi', icon: 'file-text', order: 30, visible: work, chip: 'preventivi' },
  { key: 'polizze', path: '/polizze', label: 'menu:polizze', icon: 'shield-check', order: 40, visible: work, chip: 'polizze' },
  { key: 'chat', path: '/chat', label: 'menu:chat', icon: 'messages', order: 50, visible: work, chip: 'chat' },
  { key: 'report', path: '/Report', label: 'menu:report', icon: 'chart-bar', order: 60, visible: work },
  { key: 'prodotti', path: '/prodotti', label: 'menu:prodotti', icon: 'package', order: 70, visible: (f) => f.admin || f.responsabile },
  { key: 'saldo-collaboratore', path: '/saldo-collaboratore', label: 'menu:saldo', icon: 'wallet', order: 80, visible: (f) => f.agent && f.parentAgentId === null },
  { key: 'cassa', path: '/cassa', label: 'menu:cassa', icon: 'cash', order: 90, visible: (f) => f.admin },
  { key: 'impostazioni', path: '/impostazioni', label: 'menu:impostazioni', icon: 'settings', order: 100, visible: (f) => f.admin },
  { key: 'clienti', path: '/clienti', label: 'menu:clienti', icon: 'address-book', order: 110, visible: (f) => f.agent || f.admin },
  { key: 'nuova-quotazione', path: '/prodotti', label: 'menu:nuovaQuotazione', icon: 'circle-plus', order: 120, visible: (f) => f.agent },
  { key: 'area-documentale', path: '/area-documentale', label: 'menu:areaDocumentale', icon: 'folder', order: 130, visible: (f) => f.any },
  { key: 'targhe', path: '/targhe', label: 'menu:targhe', icon: 'license', order: 140, visible: work, requiresProduct: 'rca' },
];

const EXTRA_PRODUCT_ORDER = 200;

/** Admins see every extra product the tenant offers; others only offered ones in their list. */
export function seesExtraProduct(flags: RoleFlags, productId: string, userProducts: readonly string[]): boolean {
  if (!flags.any) return false;
  return flags.admin || userProducts.includes(productId);
}

export interface MenuInput {
  flags: RoleFlags;
  userProducts: readonly string[];
  tenantProducts: readonly TenantProduct[];
  /** The tenant's cut (e.g. rcadealer's), or null for the full menu. */
  only: readonly string[] | null;
}

export function buildMenu({ flags, userProducts, tenantProducts, only }: MenuInput): MenuEntry[] {
  if (!flags.any) return [];
  const offered = new Set(tenantProducts.map((p) => p.id));
  const kept = (key: string) => only === null || only.includes(key);
  const core = CORE_MENU.filter(
    (rule) => kept(rule.key) && (!rule.requiresProduct || offered.has(rule.requiresProduct)) && rule.visible(flags),
  ).map(({ visible: _visible, requiresProduct: _requires, ...entry }) => entry);
  const extra = tenantProducts
    .filter((p) => p.extraProduct && kept(p.id) && seesExtraProduct(flags, p.id, userProducts))
    .map((p, index) => ({
      key: p.id,
      path: `/${p.id}`,
      label: p.name,
      icon: p.icon,
      order: EXTRA_PRODUCT_ORDER + index * 10,
      product: p.id,
      chip: lineChip(p.id),
    }));
  return [...core, ...extra].sort((a, b) => a.order - b.order);
}

/** The extra products the user may open (routes are added for these after login). */
export function userExtraProducts(input: Omit<MenuInput, 'only'>): TenantProduct[] {
  return input.tenantProducts.filter(
    (p) => p.extraProduct && seesExtraProduct(input.flags, p.id, input.userProducts),
  );
}
