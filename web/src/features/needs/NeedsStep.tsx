/**
 * "Le tue richieste ed esigenze" on the customer's quote page, before the pre-contract
 * documents: the questions as a form, then the saved answers with "Modifica" (until the emission
 * is requested) and, when some answers do not fit the product, a warning to talk it over with
 * the intermediary before signing. `onSaved` lets the page reload the pre-contract set, which
 * gains the answers' summary.
 */
import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { romeDateTime } from '../quotes/fieldText';
import { fetchPublicNeeds, savePublicNeeds } from './api';
import AnswersList from './AnswersList';
import CancelButton from './CancelButton';
import MismatchAlert from './MismatchAlert';
import NeedsForm from './NeedsForm';
import { useNeedsView } from './useNeedsView';

/** The public route's answer for a quote that asks no questions (a product line's practice). */
const NO_QUESTIONNAIRE = 404;

interface Props {
  id: string;
  code: string;
  /** The emission was requested (the answers lock): read the view again when it changes. */
  requested?: boolean;
  onSaved?: () => void;
}

export default function NeedsStep({ id, code, requested = false, onSaved }: Props) {
  const { t } = useTranslation('needs');
  const { view, failure, form, editing, edit, cancel, reload } = useNeedsView((signal) => fetchPublicNeeds(id, code, signal), [id, code, requested], {
    send: (body) => savePublicNeeds(id, code, body),
    onSaved: () => onSaved?.(),
  });

  // no questionnaire for this quote: the step stays hidden; any other failure (too many
  // requests, an expired link, no network) is said, so the customer knows the questions exist
  if (failure?.status === NO_QUESTIONNAIRE) return null;
  if (!view && !failure) return null; // still reading
  if (view && view.questionnaire.questions.length === 0) return null;
  const failed = failure ? (
    <Alert color="red" variant="light" data-testid="needs-failed">
      {failure.message || t('step.unavailable')}
    </Alert>
  ) : null;
  if (!view) {
    return (
      <Stack gap="sm" data-testid="needs-step">
        <Divider label={t('step.title')} labelPosition="left" />
        {failed}
        <Group justify="flex-end">
          <Button size="md" variant="default" onClick={reload} data-testid="needs-retry">
            {t('step.retry')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const assessment = view.assessment;
  const showForm = !view.locked && (!assessment || editing);

  return (
    <Stack gap="sm" data-testid="needs-step">
      <Divider label={t('step.title')} labelPosition="left" />
      {failed}
      {showForm ? (
        <>
          <Text size="sm" c="dimmed">
            {t('step.intro')}
          </Text>
          <NeedsForm questions={view.questionnaire.questions} draft={form.draft} onChange={form.change} missing={form.missing} disabled={form.busy} />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {assessment ? <CancelButton onCancel={cancel} disabled={form.busy} /> : null}
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
              <Button size="md" variant="default" leftSection={<IconPencil size={18} />} onClick={edit} data-testid="needs-edit">
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
