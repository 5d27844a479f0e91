/**
 * `/preventivo-email/:id/:code` and `/richiesta-emissione/:id/:code` (no login): the quote a
 * customer received by link. An insurance quote shows its companies' offers (gross, net and
 * taxes, frequency and instalments, guarantees); the customer chooses one and asks for the
 * emission ('Richiedi emissione'), which waits until the quote is priced. A rental quote shows
 * its own terms. Before the pre-contract documents, the customer answers the demands-and-needs
 * questions; saving them adds their summary to the documents, so the documents' step reads
 * again. Invalid or missing (404) and expired (410) links get their own clear message.
 */
import { Alert, Badge, Button, Divider, Group, Image, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatEuro, formatNumber } from '@sportello/host-api';
import { IconCircleCheck, IconClockHour4, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../lib/http';
import StatusBadge from '../quotes/components/StatusBadge';
import { fieldText, romeDateTime } from '../quotes/fieldText';
import InfoField from '../../components/InfoField';
import PublicFrame from '../../components/PublicFrame';
import { errorKind, getPublicQuote, offerToSend, type PublicQuote, requestPublicEmission } from './api';
import OfferCard from './OfferCard';
import LinkConsents from '../privacy/LinkConsents';
import PrecontractStep from './PrecontractStep';
import NeedsStep from '../needs/NeedsStep';

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
  const [picked, setPicked] = useState<string | null>(null);
  // bumped when the customer saves the answers: the pre-contract set gains their summary
  const [answersSaved, setAnswersSaved] = useState(0);

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

  const offers = quote?.offers ?? [];
  const company = offerToSend(offers, picked);

  const request = async () => {
    setSending(true);
    setRequestError(null);
    try {
      const answer = await requestPublicEmission(id, code, company);
      setQuote((q) =>
        q ? { ...q, requestEmission: answer.requestEmission ?? { at: new Date().toISOString() }, chosen: answer.chosen ?? q.chosen, status: answer.status ?? q.status } : q,
      );
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
    const insurance = quote.type === null || quote.type === undefined;
    const requested = Boolean(quote.requestEmission);
    const issued = quote.issued ?? null;
    const waiting = insurance && !quote.priced;
    const needsChoice = insurance && offers.length > 1 && !company;
    body = (
      <Stack gap="lg" data-testid="public-quote">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              {t('product')}
            </Text>
            <Title order={3}>{quote.productName || '—'}</Title>
          </div>
          {issued ? (
            <Badge color="green" variant="light" radius="sm" tt="none" fw={600} data-testid="status-badge">
              {t('issued.badge')}
            </Badge>
          ) : (
            <StatusBadge status={quote.status} />
          )}
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
              <InfoField label={t('price.km')} value={price.km_annuali != null ? formatNumber(price.km_annuali, 0) : ''} />
              <InfoField label={t('price.canone')} value={formatEuro(price.canone)} />
              <InfoField label={t('price.anticipo')} value={formatEuro(price.anticipo)} />
            </SimpleGrid>
          </>
        ) : null}
        {insurance && offers.length ? (
          <>
            <Divider label={t('offers.title', { count: offers.length })} labelPosition="left" />
            <Radio.Group value={picked ?? quote.chosen?.company ?? null} onChange={setPicked} name="offer" aria-label={t('offers.title', { count: offers.length })}>
              <Stack gap="sm" data-testid="public-offers">
                {offers.map((offer) => (
                  <OfferCard
                    key={offer.company}
                    offer={offer}
                    choosable={!requested && !issued && offers.length > 1}
                    chosen={(requested || Boolean(issued)) && quote.chosen?.company === offer.company}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </>
        ) : null}
        {/* the customer's path: answers, then the privacy consents, then the documents signed with the code */}
        {insurance && !issued ? <NeedsStep id={id} code={code} requested={requested} onSaved={() => setAnswersSaved((n) => n + 1)} /> : null}
        <LinkConsents id={id} code={code} />
        {insurance && !issued ? <PrecontractStep id={id} code={code} revision={answersSaved} /> : null}
        <Divider />
        {issued ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="public-issued">
            {issued.number ? t('issued.text', { number: issued.number }) : t('issued.textNoNumber')}
          </Alert>
        ) : waiting && !requested ? (
          <Alert color="blue" variant="light" icon={<IconClockHour4 />} data-testid="public-waiting">
            {t('waiting')}
          </Alert>
        ) : quote.requestEmission ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck />}
            title={justRequested ? t('requestedOk') : undefined}
            data-testid="public-emission-done"
          >
            {quote.chosen?.company
              ? t('requestedOffer', { date: romeDateTime(quote.requestEmission.at), company: quote.chosen.company })
              : t('requested', { date: romeDateTime(quote.requestEmission.at) })}
          </Alert>
        ) : (
          <Group justify="flex-end" align="center">
            {needsChoice ? (
              <Text size="sm" c="dimmed" data-testid="public-pick-hint">
                {t('offers.pickFirst')}
              </Text>
            ) : null}
            <Button size="md" leftSection={<IconSend size={18} />} loading={sending} disabled={needsChoice} onClick={() => void request()} data-testid="public-request">
              {company && offers.length > 1 ? t('requestWith', { company }) : t('request')}
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
