/** Small formatting rules of the spec. */

/** Page title from the last path segment: capitalised, dashes turned into spaces (SPEC §2). */
export function pageTitle(pathname: string, home = 'Home'): string {
  const segment = decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? '');
  if (!segment) return home;
  const text = segment.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The back button shows when the path has more than two segments ('/preventivi/42'). */
export function showsBackButton(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').split('/').length > 2;
}

/** 'D MMM YY HH:mm' in Italian, e.g. '5 gen 25 14:03'. */
export function shortDateTime(value: string | Date, locale = 'it-IT'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options).format(date);
  const month = part({ month: 'short' }).replace('.', '');
  const time = part({ hour: '2-digit', minute: '2-digit', hour12: false });
  return `${date.getDate()} ${month} ${part({ year: '2-digit' })} ${time}`;
}

/** Avatar initials: first letters of the first two words of the name, else two of the email. */
export function initials(name?: string | null, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length) return words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return (email ?? '').slice(0, 2).toUpperCase();
}

const AVATAR_COLORS = ['blue', 'cyan', 'teal', 'green', 'lime', 'orange', 'red', 'pink', 'grape', 'violet', 'indigo'];

/** A stable background colour derived from the id. */
export function avatarColor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length]!;
}
