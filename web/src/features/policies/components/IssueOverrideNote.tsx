/** A policy issued despite refused or missing documents: who went ahead, when, and why. */
import { Alert, Text } from '@mantine/core';
import { formatDateTime, type HostItem } from '@sportello/host-api';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQuoteEnv } from '../../quotes/env';

interface IssueOverride {
  reason?: string;
  documents?: string;
  by?: string;
  at?: string;
}

export default function IssueOverrideNote({ policy }: { policy: HostItem }) {
  const { t } = useTranslation('policies');
  const { userName } = useQuoteEnv();
  const override = policy.issueOverride as IssueOverride | null | undefined;
  if (!override?.reason) return null;
  const documents = override.documents === 'missing' ? 'missing' : 'refused';
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title={t(`override.title.${documents}`)} data-testid="policy-override">
      <Text size="sm" data-testid="policy-override-reason">
        {override.reason}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('override.by', { who: userName(override.by) || '—', when: override.at ? formatDateTime(override.at) : '—' })}
      </Text>
    </Alert>
  );
}
