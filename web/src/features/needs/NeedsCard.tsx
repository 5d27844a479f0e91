/**
 * "Richieste ed esigenze" on a plain quote in the office: the latest answers (who, through which
 * channel, when), an orange warning when the product does not fit what the customer declared,
 * a form to answer with the customer (closed once the emission is requested) and the signed
 * summary's PDF. Live: the quote's `esigenze` summary on the stream (and its emission request,
 * which locks the answers) makes it read again.
 */
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPencil } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { HttpError } from '../../lib/http';
import { romeDateTime } from '../quotes/fieldText';
import { issuedPolicyOf } from '../quotes/quotation';
import { type Assessment, fetchNeeds, type NeedsView, needsPdfUrl, saveNeeds } from './api';
import AnswersList from './AnswersList';
import { summaryStamp } from './answers';
import MismatchAlert from './MismatchAlert';
import NeedsForm from './NeedsForm';
import { useNeedsForm } from './useNeedsForm';
import './needs.css';

const NOT_FOUND = '404';

/** "Risposte del …, dal cliente tramite link" / "…, in ufficio · Nome" (the server names the user). */
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

export default function NeedsCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('needs');
  const [view, setView] = useState<NeedsView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [revision, setRevision] = useState(0);
  const reload = useCallback(() => setRevision((n) => n + 1), []);
  // read again when the answers change, and when the emission request or the policy locks them
  const stamp = `${summaryStamp(quote)}|${quote.requestEmission ? 'requested' : ''}|${issuedPolicyOf(quote)?.id ?? ''}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchNeeds(quote._id, controller.signal)
      .then((found) => {
        setView(found);
        setFailed(null);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        // a 404: no questionnaire for this quote, the card stays hidden; a network failure (offline) in words
        setFailed(e instanceof HttpError ? (e.status === 404 ? NOT_FOUND : e.message) : t('card.unavailable'));
      });
    return () => controller.abort();
  }, [quote._id, stamp, revision, t]);

  const form = useNeedsForm({
    view,
    send: (body) => saveNeeds(quote._id, body),
    onSaved: (saved) => {
      setView(saved);
      setEditing(false);
    },
    reload,
  });

  const assessment = view?.assessment ?? null;
  const locked = view?.locked ?? false;
  const showForm = view !== null && (!assessment || editing);

  if (failed === NOT_FOUND) return null;
  return (
    <Paper withBorder radius="lg" p="lg" className="needs-touch" data-testid="needs-card">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>{t('card.title')}</Title>
        {view ? (
          <Badge color={assessment ? (assessment.mismatches.length ? 'orange' : 'green') : 'gray'} variant="light" data-testid="needs-state">
            {assessment ? (assessment.mismatches.length ? t('card.misfit') : t('card.fits')) : t('card.waiting')}
          </Badge>
        ) : null}
      </Group>
      {failed ? (
        <Text size="sm" c="red" data-testid="needs-failed">
          {failed}
        </Text>
      ) : null}
      {view ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('card.questionnaire', { label: view.questionnaire.label, version: view.questionnaire.version })}
          </Text>
          {assessment ? (
            <>
              <Answered assessment={assessment} />
              <MismatchAlert mismatches={assessment.mismatches} color="orange" title={t('card.mismatch')} />
              {showForm ? null : <AnswersList answers={assessment.answers} />}
            </>
          ) : (
            <Text size="sm">{t('card.none')}</Text>
          )}
          {locked ? (
            <Text size="sm" c="dimmed" data-testid="needs-locked">
              {t('card.locked')}
            </Text>
          ) : null}
          {showForm ? (
            <>
              {assessment ? null : (
                <Text size="sm" c="dimmed">
                  {t('card.withCustomer')}
                </Text>
              )}
              <NeedsForm questions={view.questionnaire.questions} draft={form.draft} onChange={form.change} missing={form.missing} disabled={locked || form.busy} />
            </>
          ) : null}
          {form.error ? (
            <Alert color="red" variant="light" data-testid="needs-error">
              {form.error}
            </Alert>
          ) : null}
          <Group gap="sm" wrap="wrap">
            {showForm ? (
              <Button size="md" disabled={locked} loading={form.busy} onClick={() => void form.submit()} data-testid="needs-office-save">
                {t('card.save')}
              </Button>
            ) : (
              <Button size="md" variant="default" leftSection={<IconPencil size={18} />} disabled={locked} onClick={() => setEditing(true)} data-testid="needs-office-edit">
                {t('card.edit')}
              </Button>
            )}
            {showForm && assessment ? (
              <Button
                size="md"
                variant="subtle"
                onClick={() => {
                  form.reset();
                  setEditing(false);
                }}
              >
                {t('form.cancel')}
              </Button>
            ) : null}
            {assessment ? (
              <Anchor href={needsPdfUrl(quote._id)} target="_blank" rel="noopener" size="sm" data-testid="needs-pdf">
                <Group gap={4} wrap="nowrap" mih={44}>
                  <IconFileTypePdf size={18} />
                  {t('card.pdf')}
                </Group>
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}
