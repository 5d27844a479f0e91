/** `/clienti/:id`: the client's data, quotes, policies and documents, and its privacy block. */
import { Anchor, Badge, Button, Center, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDay } from '@sportello/host-api';
import { IconFile, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import InfoField from '../../components/InfoField';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../lib/http';
import StatusBadge from '../quotes/components/StatusBadge';
import { downloadUrl } from '../quotes/documents';
import { useCollection, useQuoteEnv } from '../quotes/env';
import { romeDateTime } from '../quotes/fieldText';
import { customerName } from '../quotes/quoteLogic';
import { type ClientDetail, getClient } from './api';
import { PageLoader } from '../../components/PageLoader';
import { useServices } from '../../session/context';
import { birthText } from './components/birthText';
import ClientContactsForm from './components/ClientContactsForm';
import ClientPrivacy from '../privacy/ClientPrivacy';
import { useAccess } from '../../session/useAccess';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={4}>{title}</Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}


const day = (value: unknown) => romeDateTime(value).slice(0, 10);

export default function ClientDetailPage() {
  const { t } = useTranslation('clients');
  const { t: tf } = useTranslation('fields');
  const { session } = useServices();
  const { flags } = useAccess();
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);
  const navigate = useNavigate();
  const { userName } = useQuoteEnv();
  const products = useCollection('products');
  const [data, setData] = useState<ClientDetail | null>(null);
  const [error, setError] = useState<{ status: number; message: string } | null>(null);

  useEffect(() => setData(null), [id]); // another client: no stale page while it loads

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    getClient(id, controller.signal)
      .then(setData)
      .catch((e: Error) => {
        if (!controller.signal.aborted) setError({ status: e instanceof HttpError ? e.status : 0, message: e.message });
      });
    return () => controller.abort();
  }, [id, version]);

  // another screen's edit of this client: read it again
  useEffect(
    () =>
      session.watch('clienti', (event) => {
        const changed = event.c as { _id?: string } | undefined;
        if (changed?._id === id) setVersion((v) => v + 1);
      }),
    [session, id],
  );

  if (error) {
    return (
      <Center className="page-center">
        <Stack align="center" gap="xs">
          <Title order={3}>{error.status === 404 ? t('detail.notFound') : t('detail.error', { error: error.message })}</Title>
          <Anchor component={Link} to="/clienti">
            {t('detail.back')}
          </Anchor>
        </Stack>
      </Center>
    );
  }
  if (!data) {
    return <PageLoader />;
  }
  const { client, quotes, policies, documents } = data;
  const quotePath = (q: ClientDetail['quotes'][number]) => (q.type ? `/${String(q.type)}/${q._id}` : `/preventivi/${q._id}`);

  return (
    <Stack gap="lg" className="page" maw={1300} data-testid="client-detail">
      <Title order={2}>{client.name}</Title>
      <Section
        title={t('detail.data')}
        action={
          client.editable ? (
            <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)} data-testid="client-edit">
              {t('edit.open')}
            </Button>
          ) : null
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="client-data">
          <InfoField size="sm"
            label={t('detail.fiscalCode')}
            value={
              client.fiscalCode ? (
                <>
                  <Text size="sm" fw={500} ff="monospace">
                    {client.fiscalCode}
                  </Text>
                  {client.fiscalCodeFacts ? (
                    <Text size="xs" c="dimmed" data-testid="client-birth">
                      {birthText(tf, client.fiscalCodeFacts)}
                    </Text>
                  ) : null}
                </>
              ) : null
            }
          />
          <InfoField size="sm" label={t('detail.email')} value={client.email} />
          <InfoField size="sm" label={t('detail.phone')} value={client.phone} />
          <InfoField size="sm" label={t('detail.pec')} value={client.pec} />
          <InfoField size="sm" label={t('detail.address')} value={client.address} />
          <InfoField size="sm"
            label={t('detail.idDocument')}
            value={
              client.idType || client.idNumber || client.idExpiry ? (
                <>
                  {[client.idType ? t(`idTypes.${client.idType}`) : '', client.idNumber ?? ''].filter(Boolean).join(' · ')}
                  {client.idExpiry ? (
                    <Group gap={6}>
                      <Text size="xs" c="dimmed">
                        {t('detail.idExpiry', { date: formatDay(client.idExpiry) })}
                      </Text>
                      {client.idExpired ? (
                        <Badge size="xs" color="red" variant="light" data-testid="client-id-expired">
                          {t('detail.expired')}
                        </Badge>
                      ) : null}
                    </Group>
                  ) : null}
                </>
              ) : null
            }
          />
          <InfoField size="sm"
            label={t('detail.plates')}
            value={
              client.plates?.length ? (
                <Group gap={4}>
                  {client.plates.map((p) => (
                    <Badge key={p} variant="outline" color="gray" radius="sm" ff="monospace">
                      {p}
                    </Badge>
                  ))}
                </Group>
              ) : null
            }
          />
          <InfoField size="sm" label={t('detail.collaborator')} value={userName(client.aId)} />
        </SimpleGrid>
      </Section>
      {client.editable ? <ClientContactsForm client={client} opened={editing} onClose={() => setEditing(false)} onSaved={setData} /> : null}
      <Section title={t('detail.quotes')}>
        {quotes.length ? (
          <Table highlightOnHover data-testid="client-quotes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.name')}</Table.Th>
                <Table.Th>{t('detail.product')}</Table.Th>
                <Table.Th>{t('detail.status')}</Table.Th>
                <Table.Th>{t('detail.date')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quotes.map((q) => (
                <Table.Tr key={q._id} style={{ cursor: 'pointer' }} onClick={() => void navigate(quotePath(q))}>
                  <Table.Td>{customerName(q) || q._id}</Table.Td>
                  <Table.Td>{String(products[String(q.pId)]?.name ?? q.type ?? '—')}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={q.status as string | null} />
                  </Table.Td>
                  <Table.Td>{romeDateTime(q.at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">{t('detail.noQuotes')}</Text>
        )}
      </Section>
      <Section title={t('detail.policies')}>
        {policies.length ? (
          <Table data-testid="client-policies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.number')}</Table.Th>
                <Table.Th>{t('detail.company')}</Table.Th>
                <Table.Th>{t('detail.endDate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {policies.map((p) => {
                const quote = (p.quote ?? {}) as { data?: { company?: string }; price?: { company?: Record<string, { nPolizza?: string }> } };
                const company = quote.data?.company ?? '';
                return (
                  <Table.Tr key={p._id}>
                    <Table.Td ff="monospace">{quote.price?.company?.[company]?.nPolizza ?? p._id}</Table.Td>
                    <Table.Td>{company || '—'}</Table.Td>
                    <Table.Td>{day(p.endDate) || '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">{t('detail.noPolicies')}</Text>
        )}
      </Section>
      <Section title={t('detail.documents')}>
        {documents.length ? (
          <Stack gap={6} data-testid="client-documents">
            {documents.map((d) => (
              <Group key={d._id} gap="xs">
                <IconFile size={18} stroke={1.5} />
                <Anchor href={downloadUrl(d.uri, d.name)} target="_blank" rel="noopener">
                  {d.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {romeDateTime(d.at)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t('detail.noDocuments')}</Text>
        )}
      </Section>
      <ClientPrivacy clientId={id} admin={Boolean(flags.admin)} />
    </Stack>
  );
}
