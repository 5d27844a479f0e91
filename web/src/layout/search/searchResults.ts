/**
 * The top bar's search: what `GET /api/cerca` answers, its groups in order, and the keyboard's
 * walk through the results (pure, so the dialog stays a view).
 */
import { requestJson } from '../../lib/http';

export type SearchKind = 'cliente' | 'preventivo' | 'polizza' | 'sinistro';

export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string;
  /** The page that opens it. */
  path: string;
}

export interface SearchGroup {
  kind: SearchKind;
  results: SearchHit[];
}

export interface SearchAnswer {
  q: string;
  groups: SearchGroup[];
}

/** What the server searches: 2 to 100 characters once trimmed. */
export const MIN_TEXT = 2;
export const MAX_TEXT = 100;
export const DEBOUNCE_MS = 200;

/** The menu entries whose lists the search reads: no search box without one of them. */
export const SEARCHED_MENUS = ['clienti', 'preventivi', 'polizze', 'sinistri'] as const;

export function searchable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= MIN_TEXT && trimmed.length <= MAX_TEXT;
}

export function fetchSearch(text: string, signal?: AbortSignal): Promise<SearchAnswer> {
  return requestJson<SearchAnswer>(`/api/cerca?q=${encodeURIComponent(text.trim())}`, { signal });
}

/** The groups with results, in the server's order, and their results as one list. */
export function shown(answer: SearchAnswer | null): { groups: SearchGroup[]; hits: SearchHit[] } {
  const groups = (answer?.groups ?? []).filter((group) => group.results.length > 0);
  return { groups, hits: groups.flatMap((group) => group.results) };
}

/** The active result after an arrow key: down/up by one, wrapping at the ends. */
export function moved(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
