/**
 * "Le tue richieste ed esigenze" on the customer's quote page, before the pre-contract
 * documents: the questions as a form, then the saved answers with "Modifica" (until the emission
 * is requested) and, when some answers do not fit the product, a warning to talk it over with
 * the intermediary before signing. `onSaved` lets the page reload the pre-contract set, which
 * gains the answers' summary.
 */
import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { romeDateTime } from '../quotes/fieldText';
import { fetchPublicNeeds, type NeedsView, savePublicNeeds } from './api';
import AnswersList from './AnswersList';
import MismatchAlert from './MismatchAlert';
import NeedsForm from './NeedsForm';
import { useNeedsForm } from './useNeedsForm';
import './needs.css';

interface Props {
  id: string;
  code: string;
  /** The emission was requested (the answers lock): read the view again when it changes. */
  requested?: boolean;
  onSaved?: () => void;
}

export default function NeedsStep({ id, code, requested = false, onSaved }: Props) {
  const { t } = useTranslation('needs');
  const [view, setView] = useState<NeedsView | null>(null);
  const [editing, setEditing] = useState(false);
  const [revision, setRevision] = useState(0);
  const reload = useCallback(() => setRevision((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchPublicNeeds(id, code, controller.signal)
      .then(setView)
      .catch(() => !controller.signal.aborted && setView(null)); // no questionnaire for this quote: the step stays hidden
    return () => controller.abort();
  }, [id, code, revision, requested]);

  const form = useNeedsForm({
    view,
    send: (body) => savePublicNeeds(id, code, body),
    onSaved: (saved) => {
      setView(saved);
      setEditing(false);
      onSaved?.();
    },
    reload,
  });

  if (!view || view.questionnaire.questions.length === 0) return null;
  const assessment = view.assessment;
  const showForm = !view.locked && (!assessment || editing);

  return (
    <Stack gap="sm" className="needs-touch" data-testid="needs-step">
      <Divider label={t('step.title')} labelPosition="left" />
      {showForm ? (
        <>
          <Text size="sm" c="dimmed">
            {t('step.intro')}
          </Text>
          <NeedsForm questions={view.questionnaire.questions} draft={form.draft} onChange={form.change} missing={form.missing} disabled={form.busy} />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {assessment ? (
              <Button
                size="md"
                variant="default"
                onClick={() => {
                  form.reset();
                  setEditing(false);
                }}
              >
                {t('form.cancel')}
              </Button>
            ) : null}
            <Button size="md" loading={form.busy} onClick={() => void form.submit()} data-testid="needs-save">
              {t('step.save')}
            </Button>
          </Group>
        </>
      ) : assessment ? (
        <Stack gap="sm" data-testid="needs-saved">
          <Alert color="green" variant="light" icon={<IconCircleCheck />}>
            {t('step.saved', { date: romeDateTime(assessment.answeredAt) })}
          </Alert>
          <AnswersList answers={assessment.answers} />
          {view.locked ? (
            <Text size="sm" c="dimmed">
              {t('step.locked')}
            </Text>
          ) : (
            <Group justify="flex-end">
              <Button size="md" variant="default" leftSection={<IconPencil size={18} />} onClick={() => setEditing(true)} data-testid="needs-edit">
                {t('step.edit')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('step.lockedEmpty')}
        </Text>
      )}
      {assessment && !showForm ? <MismatchAlert mismatches={assessment.mismatches} color="yellow" title={t('step.mismatch')} /> : null}
      {form.error ? (
        <Alert color="red" variant="light" data-testid="needs-error">
          {form.error}
        </Alert>
      ) : null}
    </Stack>
  );
}
