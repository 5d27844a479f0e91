/**
 * The emission of a plain quote (SPEC §4, second status set): the chosen company and premium
 * and their state — 'Emissione richiesta', 'Premio rettificato' (the agent must confirm),
 * 'Premio confermato'. Managers rectify or confirm (`premioEmissione`), the agent confirms a
 * rectified premium, an admin issues the policy; once issued it links the policy.
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountInput, formatEuro, type HostItem } from '@sportello/host-api';
import { errorText, notify, useQuoteEnv } from '../env';
import { EMISSION_STATES, emissionOf, offersOf, policyIdOf } from '../quotation';

const IssuePolicyDialog = lazy(() => import('../../policies/components/IssuePolicyDialog'));

export default function EmissionPanel({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const { flags, canEdit, call } = useQuoteEnv();
  const emission = emissionOf(quote);
  const policyId = policyIdOf(quote);
  const [premium, setPremium] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  if (!quote.requestEmission && !policyId) return null;

  const send = async (action: 'rettifica' | 'conferma') => {
    setBusy(action);
    try {
      await call('premioEmissione', { pId: quote._id, action, ...(action === 'rettifica' ? { premium } : {}) });
      notify.success(action === 'rettifica' ? t('premium.rectified') : t('premium.confirmed'));
      setPremium(null);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const state = emission.state;
  const offer = offersOf(quote).find((o) => o.company === emission.company);
  const split = offer && offer.tot === emission.premium && typeof offer.net === 'number' ? offer : null;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="emission-panel">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={4}>{t('premium.title')}</Title>
          {state ? (
            <Group gap="xs">
              <Badge color={state === 2 ? 'orange' : state === 3 ? 'green' : 'blue'} variant="light" data-testid="emission-state">
                {EMISSION_STATES[state]}
              </Badge>
              {emission.via === 'link' ? (
                <Badge color="teal" variant="outline" data-testid="emission-by-customer">
                  {t('premium.byCustomer')}
                </Badge>
              ) : null}
              <Text size="sm" data-testid="emission-choice">
                {emission.company} · <strong data-testid="emission-premium">{typeof emission.premium === 'number' ? formatEuro(emission.premium) : '—'}</strong>
              </Text>
              {state !== 1 && typeof emission.original === 'number' && emission.original !== emission.premium ? (
                <Text size="sm" c="dimmed" td="line-through">
                  {formatEuro(emission.original)}
                </Text>
              ) : null}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('premium.noOffer')}
            </Text>
          )}
          {state ? (
            <Text size="xs" c="dimmed" data-testid="emission-split">
              {split
                ? t('premium.split', { net: formatEuro(split.net), taxes: formatEuro(split.taxTotal ?? 0) })
                : t('premium.splitDerived')}
            </Text>
          ) : null}
        </Stack>
        {policyId ? (
          <Button component={Link} to={`/polizza/${policyId}`} variant="light" color="green" data-testid="policy-issued">
            {t('premium.issued')}
          </Button>
        ) : null}
      </Group>
      {!policyId ? (
        <Group mt="md" gap="sm" align="flex-end">
          {canEdit && state ? (
            <>
              <AmountInput label={t('premium.new')} value={premium} onChange={setPremium} data-testid="premium-input" />
              <Button variant="light" color="orange" disabled={premium === null} loading={busy === 'rettifica'} onClick={() => void send('rettifica')} data-testid="premium-rectify">
                {t('premium.rectify')}
              </Button>
            </>
          ) : null}
          {(canEdit && state === 1) || (flags.agent && state === 2) ? (
            <Button color="green" loading={busy === 'conferma'} onClick={() => void send('conferma')} data-testid="premium-confirm">
              {t('premium.confirm')}
            </Button>
          ) : null}
          {flags.admin && state !== 2 ? (
            <Button onClick={() => setIssuing(true)} data-testid="issue-policy">
              {t('premium.issue')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {issuing ? (
        <Suspense fallback={null}>
          <IssuePolicyDialog quote={quote} opened={issuing} onClose={() => setIssuing(false)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
