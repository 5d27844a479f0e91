/** The Mantine theme from the tenant's colours, and dark mode from the `theme` cookie. */
import {
  createTheme,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { readCookie, removeCookie, writeCookie } from './cookies';

const FALLBACK_PRIMARY = '#1565c0';
const THEME_COOKIE = 'theme';

function parseHex(hex: string): [number, number, number] | null {
  const raw = hex.trim().replace('#', '');
  const full = raw.length === 3 ? [...raw].map((c) => c + c).join('') : raw;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) =>
  `#${rgb.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;

const mix = (rgb: number[], target: number, amount: number) => rgb.map((v) => v + (target - v) * amount);

/** Ten shades around the colour (index 6 is the colour itself), as Mantine expects. */
export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex) ?? parseHex(FALLBACK_PRIMARY)!;
  const tints = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16].map((a) => toHex(mix(rgb, 255, a)));
  const shades = [0.14, 0.28, 0.42].map((a) => toHex(mix(rgb, 0, a)));
  return [...tints, toHex(rgb), ...shades] as unknown as MantineColorsTuple;
}

export function buildTheme(colors: Record<string, string>): MantineThemeOverride {
  const palette: Record<string, MantineColorsTuple> = {};
  for (const [name, value] of Object.entries(colors)) {
    if (parseHex(value)) palette[name] = shadesOf(value);
  }
  palette.primary ??= shadesOf(FALLBACK_PRIMARY);
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 5 },
    colors: palette,
    defaultRadius: 'md',
    fontFamily:
      "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', system-ui, -apple-system, sans-serif",
    headings: { fontWeight: '650' },
    cursorType: 'pointer',
  });
}

/** `theme` cookie 'dark' or 'light'; without it, the system preference ('auto'). */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      const value = readCookie(THEME_COOKIE);
      return value === 'dark' || value === 'light' ? value : defaultValue;
    },
    set: (value: MantineColorScheme) => {
      if (value === 'auto') removeCookie(THEME_COOKIE);
      else writeCookie(THEME_COOKIE, value, { days: 365 });
    },
    subscribe: () => undefined,
    unsubscribe: () => undefined,
    clear: () => removeCookie(THEME_COOKIE),
  };
}
