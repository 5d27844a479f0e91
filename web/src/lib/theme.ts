/** The Mantine theme from the tenant's colours, and dark mode from the `theme` cookie. */
import {
  createTheme,
  type CSSVariablesResolver,
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

/**
 * The tenant's theme. `closeLabel` names the close button of notifications, dialogs and drawers
 * (Mantine leaves it without an accessible name), in the interface language; the modules' dialogs
 * inherit it.
 */
export function buildTheme(colors: Record<string, string>, closeLabel = 'Chiudi'): MantineThemeOverride {
  const palette: Record<string, MantineColorsTuple> = {};
  for (const [name, value] of Object.entries(colors)) {
    if (parseHex(value)) palette[name] = shadesOf(value);
  }
  palette.primary ??= shadesOf(FALLBACK_PRIMARY);
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    colors: palette,
    defaultRadius: 'md',
    fontFamily:
      "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', system-ui, -apple-system, sans-serif",
    headings: { fontWeight: '650' },
    cursorType: 'pointer',
    // filled buttons, badges and avatars pick black or white text by the colour's luminance, so a
    // light tenant colour stays readable (WCAG 2.1 AA, 4.5:1)
    autoContrast: true,
    // black text from this luminance up: where black and white contrast equally with the colour
    // (sqrt(1.05 * 0.05) - 0.05), so the text picked always reaches 4.5:1 (Mantine's 0.3 left
    // white text on colours such as red-6 at 3.3:1)
    luminanceThreshold: 0.179,
    // plain objects, not Modal.extend(): the theme is in the initial bundle, the dialogs are not
    components: {
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
  });
}

/** WCAG 2.1 relative luminance of an sRGB colour. */
function luminance(rgb: number[]): number {
  const [r = 0, g = 0, b = 0] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a) ?? [0, 0, 0]), luminance(parseHex(b) ?? [0, 0, 0])];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Contrast asked of text (WCAG 2.1 AA for normal text), with a little margin for rounding. */
export const TEXT_CONTRAST = 4.6;

/**
 * The first shade from the theme's own (index 6 up) that reads on `background`, else shade 9
 * darkened until it does: the colour of text drawn in a palette colour (light badges, outlines).
 */
export function readableShade(shades: readonly string[], background: string): string {
  for (const shade of shades.slice(6)) if (contrast(shade, background) >= TEXT_CONTRAST) return shade;
  const darkest = parseHex(shades[9] ?? shades[shades.length - 1] ?? '#000000') ?? [0, 0, 0];
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const darker = toHex(mix(darkest, 0, amount));
    if (contrast(darker, background) >= TEXT_CONTRAST) return darker;
  }
  return '#000000';
}

/**
 * For the dark scheme: the first shade from index `from` down (lighter) that reads on
 * `background`, else that shade lightened until it does.
 */
export function readableTint(shades: readonly string[], background: string, from = 4): string {
  for (const shade of shades.slice(0, from + 1).reverse()) if (contrast(shade, background) >= TEXT_CONTRAST) return shade;
  const lightest = parseHex(shades[0] ?? '#ffffff') ?? [255, 255, 255];
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const lighter = toHex(mix(lightest, 255, amount));
    if (contrast(lighter, background) >= TEXT_CONTRAST) return lighter;
  }
  return '#ffffff';
}

const WHITE = '#ffffff';
const PAGE_GREY = [236, 238, 241];

/**
 * Text colours that meet WCAG 2.1 AA on the page. Light scheme: dimmed text one shade darker
 * than Mantine's, and every palette colour's text, light-variant and outline text at the first
 * shade that reads (a light badge's background is the colour at about 10% over the page).
 * Error text at the first red shade that reads on white. Dark scheme: dimmed text one shade
 * lighter, and palette text, light-variant and outline text and error text at the first shade that
 * reads on a card (dark-6, the lightest surface text sits on), so a tenant colour used as text
 * stays readable in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7],
    '--mantine-color-error': readableShade(theme.colors.red, WHITE),
  };
  const card = theme.colors.dark[6];
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.dark[1],
    '--mantine-color-error': readableTint(theme.colors.red, card, 6),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades || shades.length < 10) continue;
    const base = parseHex(shades[6]!) ?? [0, 0, 0];
    // the colour at ~10% over the shell's grey page, a little darker to leave a margin
    const tinted = toHex(base.map((v, i) => v + ((PAGE_GREY[i] ?? 255) - v) * 0.86));
    light[`--mantine-color-${name}-text`] = readableShade(shades, WHITE);
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, tinted);
    light[`--mantine-color-${name}-outline`] = readableShade(shades, WHITE);
    if (name === 'dark') continue; // the dark scheme's own greys
    dark[`--mantine-color-${name}-text`] = readableTint(shades, card, 4);
    dark[`--mantine-color-${name}-light-color`] = readableTint(shades, card, 1);
    dark[`--mantine-color-${name}-outline`] = readableTint(shades, card, 2);
  }
  return { variables: {}, light, dark };
};

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
