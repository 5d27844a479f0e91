import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme, contrast, cssVariablesResolver, readableShade, shadesOf, TEXT_CONTRAST } from '../lib/theme';

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
});
