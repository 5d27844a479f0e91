/**
 * The top bar's title on a phone, fitted to the room the logo, the burger and the actions leave
 * (about 120 px at 390 px): two lines, a size smaller at a time while a word or a third line
 * does not fit, and at the smallest a word longer than the room breaks, rather than the title
 * ending in '…'. Wider windows keep one line at the theme's size.
 */
import { useLayoutEffect, useRef, useState } from 'react';

/** The phone title's sizes (px), largest first; the last one breaks a word that still overflows. */
export const TITLE_SIZES = [14, 13, 12] as const;

/** Whether the element's text spills past its box (a wider word, a clamped line). */
export function overflows(element: HTMLElement): boolean {
  return element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
}

/** A ref for the title and the index of its size in TITLE_SIZES; stepped down while it overflows. */
export function useFittedTitle(title: string, enabled: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState(0);
  useLayoutEffect(() => setStep(0), [title, enabled]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (enabled && element && step < TITLE_SIZES.length - 1 && overflows(element)) setStep(step + 1);
  }, [title, enabled, step]);
  return { ref, step };
}
