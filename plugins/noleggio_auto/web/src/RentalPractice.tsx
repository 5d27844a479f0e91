import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function RentalPractice() {
  const { t } = useTranslation('noleggio_auto');
  return (
    <Paper withBorder radius="lg" p="xl" maw={560}>
      <Stack gap="xs">
        <Title order={3}>{t('practice.title')}</Title>
        <Text c="dimmed">{t('practice.soon')}</Text>
      </Stack>
    </Paper>
  );
}
