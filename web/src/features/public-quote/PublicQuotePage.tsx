/**
 * `/preventivo-email/:id/:code` and `/richiesta-emissione/:id/:code` (no login): the quote a
 * customer received by link, with 'Richiedi emissione'. Invalid (403), missing (404) and
 * expired (410) links get their own clear message.
 */
import { Alert, Box, Button, Center, Divider, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../session/context';
import { HttpError } from '../../lib/http';
import StatusBadge from '../quotes/components/StatusBadge';
import { fieldText, romeDateTime } from '../quotes/fieldText';
import { errorKind, getPublicQuote, type PublicQuote, requestPublicEmission } from './api';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </div>
  );
}

export default function PublicQuotePage() {
  const { t } = useTranslation('publicQuote');
  const { t: tq } = useTranslation('quotes');
  const { id = '', code = '' } = useParams();
  const { tenant } = useSession();
  const [quote, setQuote] = useState<PublicQuote | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [justRequested, setJustRequested] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getPublicQuote(id, code, controller.signal)
      .then((answer) => {
        setQuote(answer.quote);
        setExpiresAt(answer.expiresAt ?? null);
      })
      .catch((e: Error) => {
        if (!controller.signal.aborted) setFailure({ status: e instanceof HttpError ? e.status : 0, message: e.message });
      });
    return () => controller.abort();
  }, [id, code]);

  const request = async () => {
    setSending(true);
    setRequestError(null);
    try {
      const answer = await requestPublicEmission(id, code);
      setQuote((q) => (q ? { ...q, requestEmission: answer.requestEmission ?? { at: new Date().toISOString() } } : q));
      setJustRequested(true);
    } catch (e) {
      const status = e instanceof HttpError ? e.status : 0;
      if (status === 403 || status === 404 || status === 410) setFailure({ status, message: (e as Error).message });
      else setRequestError(t('requestError', { error: (e as Error).message }));
    } finally {
      setSending(false);
    }
  };

  let body;
  if (failure) {
    const kind = errorKind(failure.status);
    body = (
      <Stack align="center" gap="sm" py="lg" data-testid="public-quote-error">
        <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" />
        <Title order={3} ta="center">
          {t(`errors.${kind}.title`)}
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          {t(`errors.${kind}.text`, { error: failure.message })}
        </Text>
      </Stack>
    );
  } else if (!quote) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else {
    const price = quote.price ?? {};
    const hasPrice = ['durata', 'km_annuali', 'canone', 'anticipo'].some((k) => price[k as keyof typeof price] != null);
    body = (
      <Stack gap="lg" data-testid="public-quote">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              {t('product')}
            </Text>
            <Title order={3}>{quote.productName || '—'}</Title>
          </div>
          <StatusBadge status={quote.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Info label={t('customer')} value={quote.customer ?? ''} />
          <Info label={t('date')} value={romeDateTime(quote.at)} />
        </SimpleGrid>
        {quote.usrData?.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {quote.usrData.map((entry) => (
              <Info key={entry._id} label={entry.name ?? entry._id} value={fieldText(entry.type, entry.value, tq)} />
            ))}
          </SimpleGrid>
        ) : null}
        {quote.car?.car_fullname ? (
          <>
            <Divider label={t('car')} labelPosition="left" />
            <Group wrap="nowrap" align="center">
              {quote.car.img_file ? <Image src={quote.car.img_file} alt={quote.car.car_fullname} w={180} radius="md" /> : null}
              <Text fw={600} size="lg">
                {quote.car.car_fullname}
              </Text>
            </Group>
          </>
        ) : null}
        {hasPrice ? (
          <>
            <Divider label={t('offer')} labelPosition="left" />
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Info label={t('price.durata')} value={price.durata != null ? t('price.months', { count: price.durata }) : ''} />
              <Info label={t('price.km')} value={price.km_annuali != null ? new Intl.NumberFormat('it-IT').format(price.km_annuali) : ''} />
              <Info label={t('price.canone')} value={price.canone != null ? euro.format(price.canone) : ''} />
              <Info label={t('price.anticipo')} value={price.anticipo != null ? euro.format(price.anticipo) : ''} />
            </SimpleGrid>
          </>
        ) : null}
        <Divider />
        {quote.requestEmission ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck />}
            title={justRequested ? t('requestedOk') : undefined}
            data-testid="public-emission-done"
          >
            {t('requested', { date: romeDateTime(quote.requestEmission.at) })}
          </Alert>
        ) : (
          <Group justify="flex-end">
            <Button size="md" leftSection={<IconSend size={18} />} loading={sending} onClick={() => void request()}>
              {t('request')}
            </Button>
          </Group>
        )}
        {requestError ? (
          <Alert color="red" variant="light">
            {requestError}
          </Alert>
        ) : null}
        {expiresAt ? (
          <Text size="xs" c="dimmed" ta="center">
            {t('expires', { date: romeDateTime(expiresAt) })}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Box py={40} px="md">
      <Stack maw={760} mx="auto" gap="md">
        <Group gap="sm">
          <Image src={tenant.logo} alt={tenant.title} h={36} w="auto" fit="contain" />
          <Text fw={700}>{tenant.title}</Text>
        </Group>
        <Title order={2}>{t('title')}</Title>
        <Paper withBorder radius="lg" p="xl" shadow="sm">
          {body}
        </Paper>
      </Stack>
    </Box>
  );
}
