/**
 * Where the report to the company stands: 'Denuncia entro 05/03/2026 · ancora 3 giorni',
 * '· scade oggi', '· in ritardo' in red, or the day it was reported.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortDate } from '../../policies/policyLogic';
import type { ReportDeadline } from '../claimLogic';

export default function ReportDeadlineText({ deadline, size = 'sm' }: { deadline: ReportDeadline; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('claims');
  const by = shortDate(deadline.by);
  let text: string;
  let color: string | undefined;
  switch (deadline.kind) {
    case 'reported':
      text = deadline.late ? t('deadline.reportedLate', { date: shortDate(deadline.on), by }) : t('deadline.reported', { date: shortDate(deadline.on) });
      color = deadline.late ? 'orange.8' : 'dimmed';
      break;
    case 'due':
      text = `${t('deadline.by', { date: by })} · ${t('deadline.daysLeft', { count: deadline.days })}`;
      color = deadline.days <= 1 ? 'orange.8' : undefined;
      break;
    case 'today':
      text = `${t('deadline.by', { date: by })} · ${t('deadline.today')}`;
      color = 'orange.8';
      break;
    case 'late':
      text = `${t('deadline.by', { date: by })} · ${t('deadline.late')}`;
      color = 'red.8';
      break;
    default:
      text = t('deadline.by', { date: by });
      color = 'dimmed';
  }
  return (
    <Text size={size} c={color} fw={deadline.kind === 'late' ? 700 : undefined} data-testid="claim-deadline" data-kind={deadline.kind}>
      {text}
    </Text>
  );
}
