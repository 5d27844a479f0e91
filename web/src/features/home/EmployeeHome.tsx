/**
 * The employee's home (SPEC §6: the employee works on users and the document area): how many
 * users there are, who is still waiting for a role (the employee may grant the agent's and the
 * referrer's), who is suspended, live from the users stream, and the way to the document area.
 */
import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolder, IconUserQuestion, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleFlags, type User } from '../../lib/roles';
import { useSession, useStoreSelector } from '../../session/context';
import type { StoreState } from '../../store/store';
import { usersAtWork } from './homeFigures';

const selectUsers = (state: StoreState) => state.collections.usr;

export default function EmployeeHome({ sees }: { sees: (key: string) => boolean }) {
  const { t } = useTranslation('layout');
  const { t: th } = useTranslation('home');
  const { user } = useSession();
  const collection = useStoreSelector(selectUsers);
  const figures = useMemo(() => usersAtWork(Object.values(collection ?? {}) as User[], roleFlags), [collection]);
  return (
    <Stack gap="lg" className="page" data-testid="employee-home">
      <div>
        <Title order={2}>{t('home.greeting', { name: user?.name?.split(' ')[0] ?? '' })}</Title>
        <Text c="dimmed">{th('employee.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        {sees('utenti') ? (
          <Card withBorder radius="lg" padding="lg" shadow="xs" className="stat-card" data-testid="home-users">
            <Group gap="sm">
              <ThemeIcon size={40} radius="md" variant="light">
                <IconUsers />
              </ThemeIcon>
              <Text fw={600}>{th('employee.users')}</Text>
            </Group>
            <Text fz={36} fw={700} lh={1.1} mt="md">
              {figures.total}
            </Text>
            <Group gap={6} mt={6} mih={24}>
              {figures.waiting.length ? (
                <Badge color="orange" variant="light" radius="sm">
                  {th('employee.waitingCount', { count: figures.waiting.length })}
                </Badge>
              ) : null}
              {figures.suspended ? (
                <Badge color="red" variant="light" radius="sm">
                  {th('employee.suspendedCount', { count: figures.suspended })}
                </Badge>
              ) : null}
            </Group>
            <Button component={Link} to="/utenti" variant="light" mt="md">
              {th('employee.openUsers')}
            </Button>
          </Card>
        ) : null}
        {sees('area-documentale') ? (
          <Card withBorder radius="lg" padding="lg" shadow="xs" className="stat-card" data-testid="home-documents">
            <Group gap="sm">
              <ThemeIcon size={40} radius="md" variant="light">
                <IconFolder />
              </ThemeIcon>
              <Text fw={600}>{th('employee.documents')}</Text>
            </Group>
            <Text size="sm" c="dimmed" mt="md">
              {th('employee.documentsText')}
            </Text>
            <Button component={Link} to="/area-documentale" variant="light" mt="md">
              {th('employee.openDocuments')}
            </Button>
          </Card>
        ) : null}
      </SimpleGrid>
      {sees('utenti') ? (
        <Paper withBorder radius="lg" p="md" maw={720} data-testid="home-waiting">
          <Group gap="xs" mb="xs">
            <IconUserQuestion size={18} />
            <Text fw={600}>{th('employee.waiting')}</Text>
          </Group>
          {figures.waiting.length ? (
            figures.waiting.slice(0, 10).map((waiting) => (
              <Group key={waiting._id} justify="space-between" py={4}>
                <Anchor component={Link} to={`/utenti/${waiting._id}`} size="sm">
                  {waiting.name || waiting.email}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {waiting.email}
                </Text>
              </Group>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {th('employee.noneWaiting')}
            </Text>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
