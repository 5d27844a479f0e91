/** Home: a greeting and what needs attention, counted from the synced data. */
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconFileText, IconShieldCheck } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession, useStoreSelector } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { selectMenuChips } from '../../store/selectors';
import type { StoreState } from '../../store/store';
import { ComingSoon } from '../placeholder/ComingSoonPage';

function StatCard({ icon, title, total, alerts, alertLabel, to }: {
  icon: React.ReactNode; title: string; total: number; alerts: number; alertLabel: string; to: string;
}) {
  const { t } = useTranslation('layout');
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" className="stat-card">
      <Group gap="sm">
        <ThemeIcon size={40} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
      </Group>
      <Text fz={36} fw={700} lh={1.1} mt="md">
        {total}
      </Text>
      <Group gap={6} mt={6} mih={24}>
        {alerts > 0 ? (
          <Badge color="red" variant="light" radius="sm">
            {alerts} · {alertLabel}
          </Badge>
        ) : null}
      </Group>
      <Anchor component={Link} to={to} size="sm" fw={600} mt="md" className="stat-card-link">
        {t('home.open')} <IconArrowRight size={14} />
      </Anchor>
    </Card>
  );
}

export default function HomePage() {
  const { t } = useTranslation('layout');
  const { user, settings } = useSession();
  const { flags, menu } = useAccess();
  const statuses = settings?.stati ?? [];
  const select = useCallback(
    (state: StoreState) => ({
      chips: selectMenuChips(state, flags, statuses, new Date()),
      quotes: Object.keys(state.collections.preventivi ?? {}).length,
      policies: Object.keys(state.collections.polizze ?? {}).length,
    }),
    [flags, statuses],
  );
  const data = useStoreSelector(select);
  const sees = (key: string) => menu.some((entry) => entry.key === key);
  if (!sees('preventivi') && !sees('polizze')) return <ComingSoon title="Home" />;
  return (
    <Stack gap="lg" className="page">
      <div>
        <Title order={2}>{t('home.greeting', { name: user?.name?.split(' ')[0] ?? '' })}</Title>
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        {sees('preventivi') && (
          <StatCard icon={<IconFileText />} title={t('home.quotes')} total={data.quotes}
            alerts={data.chips.preventivi ?? 0} alertLabel={t('home.quotesAlert')} to="/preventivi" />
        )}
        {sees('polizze') && (
          <StatCard icon={<IconShieldCheck />} title={t('home.policies')} total={data.policies}
            alerts={data.chips.polizze ?? 0} alertLabel={t('home.policiesAlert')} to="/polizze" />
        )}
      </SimpleGrid>
    </Stack>
  );
}
