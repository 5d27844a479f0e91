/** What the session keeps in cookies and local storage: the token and the products cache. */
import { readCookie, removeCookie, writeCookie } from '../lib/cookies';
import type { Item } from '../store/store';

const TOKEN_DAYS = 30;
const PRODUCTS_KEY = 'products';
const PRODUCTS_HASH_KEY = 'productsHash';
const KEEP_KEY = 'keep';
/** Set while this device keeps the user's data for offline use (../store/offlineData). */
const OFFLINE_KEY = 'offlineData';

export function storedToken(appName: string, storage: Storage): string | null {
  return readCookie(`t-${appName}`) ?? readCookie('t') ?? storage.getItem('t');
}

/** The login form's 'keep' choice: 0 makes the token cookies session cookies. */
export function rememberKeep(storage: Storage, keep: boolean): void {
  storage.setItem(KEEP_KEY, keep ? '1' : '0');
}

/** Whether the data may be kept on this device: not when the user chose not to be remembered. */
export function mayKeepData(storage: Storage): boolean {
  return storage.getItem(KEEP_KEY) !== '0';
}

/** Mark (or unmark) that this device keeps the user's data, so a later start can wipe it. */
export function markKeptData(storage: Storage, kept: boolean): void {
  if (kept) storage.setItem(OFFLINE_KEY, '1');
  else storage.removeItem(OFFLINE_KEY);
}

export function keepsData(storage: Storage): boolean {
  return storage.getItem(OFFLINE_KEY) === '1';
}

/** Cookies t and t-{appName}: 30 days, or session cookies when keep is 0 (SPEC §7). */
export function keepToken(appName: string, storage: Storage, token: string): void {
  if (!token) return;
  const days = storage.getItem(KEEP_KEY) === '0' ? undefined : TOKEN_DAYS;
  writeCookie('t', token, { days });
  writeCookie(`t-${appName}`, token, { days });
}

export function forgetToken(appName: string, storage: Storage): void {
  removeCookie('t');
  removeCookie(`t-${appName}`);
  storage.removeItem('t');
}

/** The hash sent with tokenLogin: only when the products themselves are cached. */
export function cachedProductsHash(storage: Storage): string | null {
  return storage.getItem(PRODUCTS_KEY) ? storage.getItem(PRODUCTS_HASH_KEY) : null;
}

export function cachedProducts(storage: Storage): Record<string, Item> {
  try {
    return JSON.parse(storage.getItem(PRODUCTS_KEY) ?? '{}') as Record<string, Item>;
  } catch {
    return {};
  }
}

export function cacheProducts(storage: Storage, products: Record<string, Item>, hash?: string): void {
  storage.setItem(PRODUCTS_KEY, JSON.stringify(products));
  if (hash) storage.setItem(PRODUCTS_HASH_KEY, hash);
}

/** A new BUILD invalidates the products cache. */
export function forgetProductsHash(storage: Storage): void {
  storage.removeItem(PRODUCTS_HASH_KEY);
}
