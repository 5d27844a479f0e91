/** Paths reachable without login (SPEC §2 'Access without login'). */
export const PUBLIC_PREFIXES = [
  '/login',
  '/registrazione',
  '/resetPwd',
  '/privacy',
  '/Doc',
  '/preventivo-email',
  '/richiesta-emissione',
  '/extension-policy',
  '/acquisto-polizza',
  '/sinistro',
] as const;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export const LOGIN_PATH = '/login';
