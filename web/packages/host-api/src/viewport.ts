/**
 * The window's width against the theme's breakpoints, for layouts that change on phones
 * (below `sm`) and tablets (below `md`): the query Mantine's `hiddenFrom` uses, read at once
 * (no desktop first paint on a phone). The breakpoints are Mantine's defaults, which the shell's
 * theme keeps; they are written here because the shell offers modules only part of
 * @mantine/core (web/federation/shared.mjs), without the theme hooks.
 */
import { useMediaQuery } from '@mantine/hooks';

/** Mantine's default breakpoints, in em. */
export const BREAKPOINTS = { xs: 36, sm: 48, md: 62, lg: 75, xl: 88 } as const;

/** Whether the window is narrower than the theme's `breakpoint` (hiddenFrom's query). */
export function useBelow(breakpoint: keyof typeof BREAKPOINTS): boolean {
  const width = BREAKPOINTS[breakpoint] - 0.1 / 16;
  return useMediaQuery(`(max-width: ${width}em)`, false, { getInitialValueInEffect: false }) ?? false;
}
