/** The product lines the deployment offers, switched on or off (the existing switch). */
import { Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestJson } from '../../lib/http';
import { errorText, notify } from '../quotes/env';
import { switchLine } from './api';

interface Line {
  id: string;
  name: string;
  enabled: boolean;
}

export default function LinesSection() {
  const { t } = useTranslation('settings');
  const [lines, setLines] = useState<Line[] | null>(null);
  const load = () => requestJson<Line[]>('/api/settings/products').then(setLines).catch((e: unknown) => notify.error(errorText(e)));
  useEffect(() => void load(), []);
  const toggle = async (line: Line, enabled: boolean) => {
    try {
      await switchLine(line.id, enabled);
      await load();
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('lines.help')}
        </Text>
        {(lines ?? []).map((line) => (
          <Group key={line.id} justify="space-between" maw={480}>
            <Text fw={500}>{line.name}</Text>
            <Switch checked={line.enabled} onChange={(e) => void toggle(line, e.currentTarget.checked)} aria-label={line.name} data-testid={`line-${line.id}`} />
          </Group>
        ))}
        {lines?.length === 0 ? <Text c="dimmed">{t('lines.none')}</Text> : null}
      </Stack>
    </Paper>
  );
}
