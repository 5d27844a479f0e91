/**
 * Home: for those who work on quotes and policies, the tenant's slides, what needs attention
 * (open quotes by status, policies ending within 16 days), counted live from the synced data,
 * and the shortcuts; for the employee, the users and the document area (EmployeeHome); for a
 * user with no role yet, a word on what to expect. No link here leads back to the home.
 */
import { Anchor, Badge, Button, Card, Center, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDay } from '@sportello/host-api';
import { IconArrowRight, IconCirclePlus, IconFileText, IconMessages, IconShieldCheck, IconUserQuestion } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useSession, useStoreSelector } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { policyAlerts, selectMenuChips } from '../../store/selectors';
import type { Item, StoreState } from '../../store/store';
import EmployeeHome from './EmployeeHome';
import { listedQuotes, openQuotesByStatus } from './homeFigures';

/** A user with no role: an empty menu (SPEC §6) and nothing to open yet. */
function NoRoleHome() {
  const { t } = useTranslation('home');
  return (
    <Center className="page-center" data-testid="no-role-home">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" shadow="xs">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconUserQuestion size={34} stroke={1.5} />
          </ThemeIcon>
          <Title order={2}>{t('noRole.title')}</Title>
          <Text c="dimmed">{t('noRole.text')}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}

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
  const { t: th } = useTranslation('home');
  const { user, settings } = useSession();
  const { flags, menu } = useAccess();
  const statuses = settings?.stati ?? [];
  const select = useCallback(
    (state: StoreState) => ({
      chips: selectMenuChips(state, flags, statuses, new Date()),
      quotes: listedQuotes(Object.values(state.collections.preventivi ?? {})),
      policies: Object.keys(state.collections.polizze ?? {}).length,
      byStatus: openQuotesByStatus(Object.values(state.collections.preventivi ?? {}), th('noStatus')),
      expiring: Object.values(state.collections.polizze ?? {})
        .filter((p) => policyAlerts(p, new Date()))
        .sort((a, b) => String(a.endDate).localeCompare(String(b.endDate))),
    }),
    [flags, statuses, th],
  );
  const data = useStoreSelector(select);
  const slides = (settings?.slides ?? []) as { title: string; text?: string; link?: string | null }[];
  const sees = (key: string) => menu.some((entry) => entry.key === key);
  if (!sees('preventivi') && !sees('polizze')) {
    if (sees('utenti') || sees('area-documentale')) return <EmployeeHome sees={sees} />;
    // any other cut of the menu: its first entry is where the user works
    const first = menu.find((entry) => entry.path !== '/');
    return first ? <Navigate to={first.path} replace /> : <NoRoleHome />;
  }
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
      {sees('nuova-quotazione') || sees('chat') ? (
        <Group gap="sm">
          {sees('nuova-quotazione') ? (
            <Button component={Link} to="/prodotti" leftSection={<IconCirclePlus size={16} />} data-testid="home-new-quote">
              {th('newQuote')}
            </Button>
          ) : null}
          {sees('chat') ? (
            <Button component={Link} to="/chat" variant="default" leftSection={<IconMessages size={16} />}>
              {th('chat')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {slides.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} maw={1100} data-testid="home-slides">
          {slides.map((slide, index) => (
            <Card key={index} withBorder radius="lg" padding="md" className="home-slide">
              <Text fw={700}>{slide.title}</Text>
              {slide.text ? (
                <Text size="sm" c="dimmed" mt={4}>
                  {slide.text}
                </Text>
              ) : null}
              {slide.link ? (
                <Anchor href={slide.link} size="sm" fw={600} mt="sm" target={slide.link.startsWith('/') ? undefined : '_blank'} rel="noopener">
                  {t('home.open')} <IconArrowRight size={14} />
                </Anchor>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} maw={1100}>
        {sees('preventivi') ? (
          <Paper withBorder radius="lg" p="md" data-testid="home-quotes-by-status">
            <Text fw={600} mb="xs">
              {th('openQuotes')}
            </Text>
            {data.byStatus.length ? (
              data.byStatus.map(([status, count]) => (
                <Group key={status} justify="space-between" py={4}>
                  <Text size="sm">{status}</Text>
                  <Badge variant="light">{count}</Badge>
                </Group>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {th('noOpenQuotes')}
              </Text>
            )}
          </Paper>
        ) : null}
        {sees('polizze') ? (
          <Paper withBorder radius="lg" p="md" data-testid="home-expiring">
            <Text fw={600} mb="xs">
              {th('expiring')}
            </Text>
            {data.expiring.length ? (
              data.expiring.slice(0, 10).map((policy) => (
                <Group key={policy._id} justify="space-between" py={4}>
                  <Anchor component={Link} to={`/polizza/${policy._id}`} size="sm">
                    {policyLabel(policy)}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {formatDay(String(policy.endDate))}
                  </Text>
                </Group>
              ))
            ) : (
              <Text size="sm" c="dimmed">
                {th('noExpiring')}
              </Text>
            )}
          </Paper>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

function policyLabel(policy: Item): string {
  const data = ((policy.pr as { usrData?: { _id: string; value?: unknown }[] } | undefined)?.usrData ?? []);
  const name = ['Nome', 'Cognome'].map((key) => String(data.find((d) => d._id === key)?.value ?? '')).join(' ').trim();
  return name || String(policy.number ?? policy._id);
}
