/** Done / required hours, red when short of the year's requirement. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Training } from '../api';
import { hoursText } from '../ruiLogic';

export default function TrainingBadge({ training }: { training: Training }) {
  const { t, i18n } = useTranslation('rui');
  const done = hoursText(training.done, i18n.language);
  const required = hoursText(training.required, i18n.language);
  return (
    <Badge color={training.short ? 'red' : 'green'} variant="light" data-testid="rui-training-badge" data-short={training.short ? 'yes' : 'no'}>
      {training.short ? t('training.shortBadge', { done, required }) : t('training.okBadge', { done, required })}
    </Badge>
  );
}
