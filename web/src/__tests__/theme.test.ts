import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme, contrast, cssVariablesResolver, readableShade, readableTint, shadesOf, TEXT_CONTRAST } from '../lib/theme';

describe('readable colours (WCAG 2.1 AA)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('finds a shade that reads on white for every palette, yellow included', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const shade = readableShade(shades, '#ffffff');
      expect(contrast(shade, '#ffffff'), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(readableShade(shadesOf('#ffeb3b'), '#ffffff')).not.toBe(shadesOf('#ffeb3b')[6]);
  });

  it("gives every colour's light-variant and outline text a readable value, and darker dimmed text", () => {
    const theme = { ...DEFAULT_THEME, ...buildTheme({ primary: '#ffb300' }), colors: { ...DEFAULT_THEME.colors, ...buildTheme({ primary: '#ffb300' }).colors } };
    const { light, dark } = cssVariablesResolver(theme as typeof DEFAULT_THEME);
    expect(light['--mantine-color-dimmed']).toBe(DEFAULT_THEME.colors.gray[7]);
    expect(dark['--mantine-color-dimmed']).toBe(DEFAULT_THEME.colors.dark[1]);
    for (const name of ['primary', 'yellow', 'lime', 'red']) {
      expect(contrast(light[`--mantine-color-${name}-outline`]!, '#ffffff'), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrast(light[`--mantine-color-${name}-light-color`]!, '#ffffff'), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('gives error text and, in dark mode, every colour used as text a value that reads on a card', () => {
    const built = buildTheme({ primary: '#1565c0', accent: '#ffb300', secondary: '#263238' });
    const theme = { ...DEFAULT_THEME, ...built, colors: { ...DEFAULT_THEME.colors, ...built.colors } };
    const { light, dark } = cssVariablesResolver(theme as typeof DEFAULT_THEME);
    const card = DEFAULT_THEME.colors.dark[6];
    expect(contrast(light['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrast(dark['--mantine-color-error']!, card)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    for (const name of ['primary', 'accent', 'secondary', 'red', 'blue', 'gray']) {
      for (const part of ['text', 'light-color', 'outline']) {
        expect(contrast(dark[`--mantine-color-${name}-${part}`]!, card), `${name}-${part}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    }
    // a very dark tenant colour is lightened until it reads
    expect(contrast(readableTint(shadesOf('#101010'), card), card)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('names the close button of notifications and dialogs, and picks filled text by contrast', () => {
    const theme = buildTheme({ primary: '#c62828' }, 'Close');
    expect(theme.components?.Notification?.defaultProps).toEqual({ closeButtonProps: { 'aria-label': 'Close' } });
    expect(theme.components?.Modal?.defaultProps).toEqual({ closeButtonProps: { 'aria-label': 'Close' } });
    expect(theme.autoContrast).toBe(true);
    // black and white contrast equally with a colour of this luminance
    expect(theme.luminanceThreshold).toBeCloseTo(Math.sqrt(1.05 * 0.05) - 0.05, 3);
  });
});
