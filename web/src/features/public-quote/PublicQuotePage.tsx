/**
 * `/preventivo-email/:id/:code` and `/richiesta-emissione/:id/:code` (no login): the quote a
 * customer received by link, with 'Richiedi emissione'. Invalid (403), missing (404) and
 * expired (410) links get their own clear message.
 */
import { Alert, Button, Divider, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../lib/http';
import StatusBadge from '../quotes/components/StatusBadge';
import { fieldText, romeDateTime } from '../quotes/fieldText';
import InfoField from '../../components/InfoField';
import PublicFrame from '../../components/PublicFrame';
import { errorKind, getPublicQuote, type PublicQuote, requestPublicEmission } from './api';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

export default function PublicQuotePage() {
  const { t } = useTranslation('publicQuote');
  const { t: tq } = useTranslation('quotes');
  const { id = '', code = '' } = useParams();
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

  let body = null;
  if (quote) {
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
          <InfoField label={t('customer')} value={quote.customer ?? ''} />
          <InfoField label={t('date')} value={romeDateTime(quote.at)} />
        </SimpleGrid>
        {quote.usrData?.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {quote.usrData.map((entry) => (
              <InfoField key={entry._id} label={entry.name ?? entry._id} value={fieldText(entry.type, entry.value, tq)} />
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
              <InfoField label={t('price.durata')} value={price.durata != null ? t('price.months', { count: price.durata }) : ''} />
              <InfoField label={t('price.km')} value={price.km_annuali != null ? new Intl.NumberFormat('it-IT').format(price.km_annuali) : ''} />
              <InfoField label={t('price.canone')} value={price.canone != null ? euro.format(price.canone) : ''} />
              <InfoField label={t('price.anticipo')} value={price.anticipo != null ? euro.format(price.anticipo) : ''} />
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
    <PublicFrame
      title={t('title')}
      failure={failure ? { kind: errorKind(failure.status), message: failure.message } : null}
      loading={!quote}
      ns="publicQuote"
      errorTestId="public-quote-error"
    >
      {body}
    </PublicFrame>
  );
}
