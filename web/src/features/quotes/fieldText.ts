/** A customer field value as readable text (SPEC §3 field types). */
import { formatEuro } from '@sportello/host-api';
import { formatManualDate } from './dates';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const AMOUNTS = new Set(['importo', 'massimale', 'fatturato', 'valore']);
const isoDay = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? formatManualDate(value.slice(0, 10)) : '');

export function fieldText(type: unknown, value: unknown, t: Translate): string {
  if (value == null || value === '') return '—';
  const v = (typeof value === 'object' ? value : {}) as Record<string, unknown>;
  switch (type) {
    case 'bool':
      return value ? t('values.yes') : t('values.no');
    case 'Data':
      return isoDay(value) || String(value);
    case 'targa':
      return typeof value === 'string' ? value : String(v.value ?? '—');
    case 'marcamodello':
      return [v.brand, v.model].filter(Boolean).join(' ') || '—';
    case 'immatricolazione':
      return v.isNew ? t('values.new') : t('values.registered', { date: isoDay(v.date) });
    case 'atr':
      return t('values.atr', { total: v.total ?? 0 });
    case 'pa':
      return v.isInsured ? t('values.insured', { company: v.company ?? '—', date: isoDay(v.exp) || '—' }) : t('values.notInsured');
    case 'Selezione multipla':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      if (AMOUNTS.has(String(type)) && typeof value === 'number') return formatEuro(value);
      if (Array.isArray(value)) return value.join(', ');
      return typeof value === 'object' ? String(v.value ?? JSON.stringify(value)) : String(value);
  }
}

/** A date-time in Rome as 'GG/MM/AAAA HH:mm'. */
const romeFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
export function romeDateTime(value: unknown): string {
  const ms = Date.parse(String(value ?? ''));
  return Number.isNaN(ms) ? '' : romeFormat.format(ms).replace(',', '');
}
