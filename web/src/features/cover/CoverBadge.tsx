/**
 * A policy's cover at the browser's clock (art. 1901 c.c., ./cover): 'In copertura' (with the
 * hours left when an instalment is overdue), 'Sospesa dalle 24:00 del …', or six months unpaid.
 * `compact` (the policies list) shows only a suspension.
 */
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { coverAt, hoursLeft, midnightWords, type Cover, type CoverRate } from './cover';
import { useNow } from './useNow';

export function coverText(t: (key: string, options?: Record<string, unknown>) => string, cover: Cover, now: Date): string {
  if (cover.status === 'in_copertura') {
    const hours = hoursLeft(cover, now);
    return hours === null ? t('cover.in') : t('cover.inLeft', { hours, date: cover.until ? midnightWords(cover.until) : '' });
  }
  const since = cover.since ? midnightWords(cover.since) : '';
  if (cover.status === 'insoluta_sei_mesi') return t('cover.sixMonths', { date: since });
  return cover.until ? t('cover.suspendedUntil', { date: since, until: midnightWords(cover.until) }) : t('cover.suspended', { date: since });
}

const COLOURS = { in_copertura: 'green', sospesa: 'red', insoluta_sei_mesi: 'grape' } as const;

export default function CoverBadge({ rates, compact = false }: { rates: readonly CoverRate[]; compact?: boolean }) {
  const { t } = useTranslation('dunning');
  const now = useNow();
  const cover = coverAt(rates, now);
  if (compact) {
    if (cover.status === 'in_copertura') return null;
    return (
      <Tooltip label={coverText(t, cover, now)}>
        <Badge color={COLOURS[cover.status]} variant="light" size="xs" ml={6} data-testid="policy-suspended">
          {t('cover.short')}
        </Badge>
      </Tooltip>
    );
  }
  const late = cover.status === 'in_copertura' && cover.until !== null;
  return (
    <Badge color={late ? 'orange' : COLOURS[cover.status]} variant="light" data-testid="policy-cover" data-status={cover.status} style={{ textTransform: 'none' }}>
      {coverText(t, cover, now)}
    </Badge>
  );
}
