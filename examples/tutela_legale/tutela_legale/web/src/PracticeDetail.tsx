/** `/tutela-legale/:id`: one practice, live; its status changed with the line's call. */
import { Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime, useHost } from '@sportello/host-api';
import { usePractices } from './host';
import { NAMESPACE, paths, SAVE, STATUSES } from './paths';

export default function PracticeDetail() {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const { id = '' } = useParams();
  const practice = usePractices()[id];

  if (!practice) {
    return host.dataLoaded ? (
      <Stack data-testid="tutela_legale-missing">
        <Text>{t('detail.notFound')}</Text>
        <Link to={paths.list}>{t('detail.back')}</Link>
      </Stack>
    ) : (
      <Center>
        <Loader />
      </Center>
    );
  }

  const setStatus = async (status: string) => {
    try {
      await host.call(SAVE, { _id: practice._id, title: practice.title, client: practice.client, status });
    } catch (error) {
      host.notify.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="md" data-testid="tutela_legale-detail">
      <Link to={paths.list}>{t('detail.back')}</Link>
      <Title order={2}>{practice.title}</Title>
      <Text>{t('detail.client', { client: practice.client })}</Text>
      <Text c="dimmed">{t('detail.createdAt', { date: formatDateTime(practice.at) })}</Text>
      <Group>
        <Badge size="lg">{practice.status}</Badge>
        {STATUSES.filter((status) => status !== practice.status).map((status) => (
          <Button key={status} variant="default" onClick={() => setStatus(status)}>
            {t('detail.moveTo', { status })}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
