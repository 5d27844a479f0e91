/**
 * The screen's own checks, the server's rules repeated so a form says what is wrong before it
 * is sent (the server checks again): the RUI sections (art. 4 Reg. IVASS 40/2018), a number as
 * the section's letter and nine digits, hours with at most two decimals.
 */
export const SECTIONS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
/** The sections of the intermediary a section E collaborator works for. */
export const PRINCIPAL_SECTIONS = ['A', 'B', 'D', 'F'] as const;
export const MAX_COURSE_HOURS = 100;

/** A RUI number's problem: 'format', 'section' (its letter is not the section's), or null. */
export function numberProblem(number: string, section: string): 'format' | 'section' | null {
  const clean = number.trim().toUpperCase();
  if (!/^[A-F][0-9]{9}$/.test(clean)) return 'format';
  return clean[0] === section ? null : 'section';
}

/** Hours typed in Italian or English ('2,5', '2.50') as a number, or null when not 0 < h ≤ 100
 * with at most two decimals. */
export function parseHours(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const hours = Number(clean);
  return hours > 0 && hours <= MAX_COURSE_HOURS ? hours : null;
}

/** '12.50' → '12,50' (it) or '12.50' (en). */
export function hoursText(hours: string, language: string): string {
  return language.startsWith('it') ? hours.replace('.', ',') : hours;
}

/** The years a user may look at: this one and the four before it, newest first. */
export function yearChoices(current: number): number[] {
  return [0, 1, 2, 3, 4].map((back) => current - back);
}
