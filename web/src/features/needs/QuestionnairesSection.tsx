/**
 * `/impostazioni` › Questionari (admins): the demands-and-needs questionnaire of each kind — the
 * general one and, for a ramo, its own or its built-in questions (RC auto has its own, the other
 * rami the general questionnaire's). Questions are added, removed, moved and edited; saving makes
 * a new version; "Ripristina predefinito" sends an empty list, so the ramo goes back to its
 * built-in questions. What the server would refuse is named before sending.
 */
import { Alert, Badge, Button, Group, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notify } from '../quotes/env';
import { fetchQuestionnaires, type Question, type QuestionnaireEntry, saveQuestionnaire } from './api';
import { cleaned, GENERAL, kindLabel, LIMITS, moved, newQuestion, type Problem, problems } from './questionnaire';
import QuestionEditor from './QuestionEditor';

export default function QuestionnairesSection() {
  const { t } = useTranslation('needs');
  const [entries, setEntries] = useState<QuestionnaireEntry[] | null>(null);
  const [kind, setKind] = useState(GENERAL);
  // each kind's draft, kept while the admin looks at another kind
  const [drafts, setDrafts] = useState<Record<string, Question[]>>({});
  const [shown, setShown] = useState<Problem[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    fetchQuestionnaires()
      .then(setEntries)
      .catch((e) => setFailed(errorText(e)));
  }, []);

  const entry = entries?.find((e) => e.kind === kind) ?? null;
  const questions = drafts[kind] ?? entry?.questions ?? [];
  const general = kind === GENERAL;
  const setQuestions = (next: Question[]) => {
    setDrafts((all) => ({ ...all, [kind]: next }));
    setShown([]);
  };

  const store = async (list: Question[]) => {
    setBusy(true);
    try {
      const saved = await saveQuestionnaire(kind, list);
      setEntries((all) => (all ?? []).map((e) => (e.kind === saved.kind ? saved : e)));
      setDrafts(({ [kind]: _, ...rest }) => rest);
      notify.success(saved.custom ? t('editor.saved', { version: saved.version }) : t('editor.restored', { label: kindLabel(t, saved.kind, saved.label) }));
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  /** A ramo back to its built-in questions: saved as an empty list, or only the draft dropped when it had none of its own. */
  const restore = () => {
    setShown([]);
    if (entry?.custom) void store([]);
    else setDrafts(({ [kind]: _, ...rest }) => rest);
  };

  const save = () => {
    const found = problems(questions, general);
    setShown(found);
    if (found.length === 0) void store(cleaned(questions));
  };

  if (failed) return <Alert color="red">{failed}</Alert>;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="settings-needs">
      <Stack gap="md">
        <Title order={4}>{t('editor.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('editor.help')}
        </Text>
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label={t('editor.kind')}
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value);
              setShown([]);
            }}
            data={(entries ?? []).map((e) => ({ value: e.kind, label: kindLabel(t, e.kind, e.label) }))}
            size="md"
            style={{ flex: '1 1 16rem', minWidth: 0 }}
            data-testid="needs-kind"
          />
          {entry ? (
            <Badge variant="light" color={entry.custom ? 'blue' : 'gray'} size="lg" data-testid="needs-version">
              {entry.custom ? t('editor.version', { version: entry.version }) : t('editor.builtIn')}
            </Badge>
          ) : null}
        </Group>
        {!general && entry && !entry.custom && !drafts[kind] ? (
          <Text size="sm" c="dimmed">
            {t('editor.defaultHelp')}
          </Text>
        ) : null}
        <Stack gap="sm">
          {questions.map((q, index) => (
            <QuestionEditor
              key={index}
              question={q}
              index={index}
              count={questions.length}
              onChange={(next) => setQuestions(questions.map((x, i) => (i === index ? next : x)))}
              onMove={(by) => setQuestions(moved(questions, index, by))}
              onRemove={() => setQuestions(questions.filter((_, i) => i !== index))}
            />
          ))}
          {questions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('editor.noQuestions')}
            </Text>
          ) : null}
        </Stack>
        {shown.length ? (
          <Alert color="red" variant="light" title={t('editor.problemsTitle')} data-testid="needs-problems">
            <List size="sm">
              {shown.map((p, i) => (
                <List.Item key={i}>{t(`editor.problems.${p.key}`, p.values)}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Button
            size="md"
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={!entry || questions.length >= LIMITS.questions}
            onClick={() => setQuestions([...questions, newQuestion(questions)])}
            data-testid="needs-add"
          >
            {t('editor.add')}
          </Button>
          <Group gap="sm" wrap="wrap">
            {!general && (entry?.custom || drafts[kind]) ? (
              <Button size="md" variant="subtle" color="orange" loading={busy} onClick={restore} data-testid="needs-restore">
                {t('editor.restore')}
              </Button>
            ) : null}
            <Button size="md" loading={busy} disabled={!entry} onClick={save} data-testid="needs-save-questionnaire">
              {t('editor.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
