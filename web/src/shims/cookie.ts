/**
 * ESM stand-ins for the CommonJS `cookie` and `set-cookie-parser` helpers react-router imports
 * for its server-side cookie API (unused in the browser). Module federation tree-shakes the
 * shared react-router through a graph that cannot read CommonJS, so these small ESM versions
 * take their place (vite.config.ts aliases).
 */
export function parse(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name && !(name in cookies)) cookies[name] = decodeURIComponent(part.slice(at + 1).trim().replace(/^"|"$/g, ''));
  }
  return cookies;
}

export function serialize(name: string, value: string, options: Record<string, unknown> = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(Number(options.maxAge))}`);
  if (options.domain) parts.push(`Domain=${String(options.domain)}`);
  if (options.path) parts.push(`Path=${String(options.path)}`);
  if (options.expires instanceof Date) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${String(options.sameSite === true ? 'Strict' : options.sameSite)}`);
  return parts.join('; ');
}

/** Split a combined Set-Cookie header on the commas that start a new cookie. */
export function splitCookiesString(header: string | string[]): string[] {
  if (Array.isArray(header)) return header;
  return header ? header.split(/,(?=\s*[^;,=\s]+=)/).map((s) => s.trim()) : [];
}
