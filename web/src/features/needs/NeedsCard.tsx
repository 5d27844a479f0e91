/**
 * "Richieste ed esigenze" on a plain quote in the office: the latest answers (who, through which
 * channel, when), an orange warning when the product does not fit what the customer declared,
 * a form to answer with the customer (closed once the emission is requested) and the latest
 * answers' summary as a PDF. Live: the quote's `esigenze` summary on the stream (and its
 * emission request, which locks the answers) makes it read again.
 */
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { romeDateTime } from '../quotes/fieldText';
import { issuedPolicyOf } from '../quotes/quotation';
import { type Assessment, fetchNeeds, type NeedsView, needsPdfUrl, saveNeeds } from './api';
import AnswersList from './AnswersList';
import { summaryStamp } from './answers';
import CancelButton from './CancelButton';
import MismatchAlert from './MismatchAlert';
import NeedsForm from './NeedsForm';
import { kindLabel } from './questionnaire';
import { useNeedsView } from './useNeedsView';

/** The office route's answer for a product line's practice (a rental, a loan), whose line asks
 * its own questions: nothing to show. A 404 (the quote gone, or no longer the user's to see) is
 * said in words like any other refusal. */
const NOT_PLAIN = 400;

/** "Risposte del …, dal cliente tramite il link" / "…, in ufficio con il cliente · Nome" (the server names the user). */
function Answered({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation('needs');
  const by = assessment.answeredBy ?? '';
  return (
    <Text size="sm" c="dimmed" data-testid="needs-answered">
      {t(assessment.channel === 'link' ? 'card.byLink' : 'card.byOffice', { date: romeDateTime(assessment.answeredAt) })}
      {by ? ` · ${by}` : ''}
    </Text>
  );
}

/** "Questionario: RC auto · versione 3", or "… · Domande standard" while the kind has none of its own (version 0). */
function Questionnaire({ questionnaire }: { questionnaire: NeedsView['questionnaire'] }) {
  const { t } = useTranslation('needs');
  const label = kindLabel(t, questionnaire.kind, questionnaire.label);
  return (
    <Text size="sm" c="dimmed" data-testid="needs-questionnaire">
      {questionnaire.version ? t('card.questionnaire', { label, version: questionnaire.version }) : t('card.questionnaireStandard', { label })}
    </Text>
  );
}

function StateBadge({ view }: { view: NeedsView }) {
  const { t } = useTranslation('needs');
  const assessment = view.assessment;
  const [color, text] = assessment
    ? assessment.mismatches.length
      ? ['orange', t('card.misfit')]
      : ['green', t('card.fits')]
    : view.locked
      ? ['gray', t('card.unanswered')]
      : ['gray', t('card.waiting')];
  return (
    <Badge color={color} variant="light" data-testid="needs-state">
      {text}
    </Badge>
  );
}

export default function NeedsCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('needs');
  // read again when the answers change, and when the emission request or the policy locks them
  const stamp = `${summaryStamp(quote)}|${quote.requestEmission ? 'requested' : ''}|${issuedPolicyOf(quote)?.id ?? ''}`;
  const { view, failure, form, editing, edit, cancel } = useNeedsView((signal) => fetchNeeds(quote._id, signal), [quote._id, stamp], {
    send: (body) => saveNeeds(quote._id, body),
  });

  if (failure?.status === NOT_PLAIN) return null;
  const assessment = view?.assessment ?? null;
  const locked = view?.locked ?? false;
  const showForm = view !== null && !locked && (!assessment || editing);

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="needs-card">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>{t('card.title')}</Title>
        {view ? <StateBadge view={view} /> : null}
      </Group>
      {failure ? (
        <Text size="sm" c="red" data-testid="needs-failed">
          {failure.message || t('card.unavailable')}
        </Text>
      ) : null}
      {view ? (
        <Stack gap="sm">
          <Questionnaire questionnaire={view.questionnaire} />
          {assessment ? (
            <>
              <Answered assessment={assessment} />
              <MismatchAlert mismatches={assessment.mismatches} color="orange" title={t('card.mismatch')} />
              {showForm ? null : <AnswersList answers={assessment.answers} />}
            </>
          ) : locked ? null : (
            <Text size="sm">{t('card.none')}</Text>
          )}
          {locked ? (
            <Text size="sm" c="dimmed" data-testid="needs-locked">
              {assessment ? t('card.locked') : t('card.lockedEmpty')}
            </Text>
          ) : null}
          {showForm ? (
            <>
              {assessment ? null : (
                <Text size="sm" c="dimmed">
                  {t('card.withCustomer')}
                </Text>
              )}
              <NeedsForm questions={view.questionnaire.questions} draft={form.draft} onChange={form.change} missing={form.missing} disabled={form.busy} />
            </>
          ) : null}
          {form.error ? (
            <Alert color="red" variant="light" data-testid="needs-error">
              {form.error}
            </Alert>
          ) : null}
          {locked && !assessment ? null : (
            <Group gap="sm" wrap="wrap">
              {showForm ? (
                <Button size="md" loading={form.busy} onClick={() => void form.submit()} data-testid="needs-office-save">
                  {t('card.save')}
                </Button>
              ) : (
                <Button size="md" variant="default" leftSection={<IconPencil size={18} />} disabled={locked} onClick={edit} data-testid="needs-office-edit">
                  {t('card.edit')}
                </Button>
              )}
              {showForm && assessment ? <CancelButton onCancel={cancel} disabled={form.busy} /> : null}
              {assessment ? (
                // the summary of the latest answers, made again at each download: not a signed file
                // (the customer's signed copy is the pre-contract set's)
                <Anchor href={needsPdfUrl(quote._id)} target="_blank" rel="noopener" size="sm" data-testid="needs-pdf">
                  <Group gap={4} wrap="nowrap" mih={44}>
                    <IconFileTypePdf size={18} />
                    {t('card.pdf')}
                  </Group>
                </Anchor>
              ) : null}
            </Group>
          )}
        </Stack>
      ) : null}
    </Paper>
  );
}
