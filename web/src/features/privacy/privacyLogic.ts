/** Pure rules of the privacy screens: what a notice draft may be, and how a consent reads. */
import { MAX_NOTICE, type Consent, type ConsentKind, CONSENT_KINDS, RECORD_KINDS, type RecordKind } from './api';

/** Why a draft cannot be saved: empty, too long, or the text in force; null when it can. */
export function draftProblem(draft: string, current: string | null): 'empty' | 'tooLong' | 'same' | null {
  const text = draft.replace(/\r\n?/g, '\n').trim();
  if (!text) return 'empty';
  if (text.length > MAX_NOTICE) return 'tooLong';
  if (current !== null && text === current) return 'same';
  return null;
}

/** 'given', 'revoked' or 'none' for a kind's latest entry. */
export function consentState(entry: Consent | null | undefined): 'given' | 'revoked' | 'none' {
  if (!entry) return 'none';
  return entry.given ? 'given' : 'revoked';
}

/** The customer's choices on the link: what was given before, the service ticked by default off. */
export function initialChoices(consents: Partial<Record<ConsentKind, boolean | null>>): Record<ConsentKind, boolean> {
  return Object.fromEntries(CONSENT_KINDS.map((kind) => [kind, consents[kind] === true])) as Record<ConsentKind, boolean>;
}

/** A YYYY-MM-DD day as dd/mm/yyyy. */
export function italianDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The label key of a kept record's kind: a kind this screen does not know reads 'altro'. */
export function recordKind(kind: string): RecordKind | 'altro' {
  return (RECORD_KINDS as readonly string[]).includes(kind) ? (kind as RecordKind) : 'altro';
}
