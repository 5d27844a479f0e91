/** Small cookie helpers for the `t` token cookies and the `theme` cookie. */

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export interface CookieOptions {
  /** Days until expiry; omitted for a session cookie. */
  days?: number;
}

export function writeCookie(name: string, value: string, { days }: CookieOptions = {}): void {
  const secure = location.protocol === 'https:';
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    'path=/',
    secure ? 'SameSite=None; Secure' : 'SameSite=Lax',
  ];
  if (days !== undefined) parts.push(`max-age=${Math.round(days * 86400)}`);
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0`;
}

/** Every cookie this page can see, removed (logout). */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) removeCookie(decodeURIComponent(name));
  }
}
