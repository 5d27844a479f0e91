/**
 * The window's width against the theme's breakpoints, for layouts that change on phones
 * (below `sm`) and tablets (below `md`): the query Mantine's `hiddenFrom` uses, read at once
 * (no desktop first paint on a phone).
 */
import { em, getBreakpointValue, useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Whether the window is narrower than the theme's `breakpoint`. */
export function useBelow(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  const width = getBreakpointValue(breakpoint, theme.breakpoints);
  return useMediaQuery(`(max-width: ${em(width - 0.1)})`, false, { getInitialValueInEffect: false }) ?? false;
}
