/**
 * One collaborator: the RUI entry (valid or not today), the year's training (done / required /
 * missing) and the courses; admins and responsabili edit the entry and log or remove courses.
 */
import { ActionIcon, Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ListTable, PlainSelect, type ListColumn } from '@sportello/host-api';
import { IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canEdit } from '../../../lib/roles';
import { useAccess } from '../../../session/useAccess';
import { shortDate, romeToday } from '../../policies/policyLogic';
import { errorText, notify } from '../../quotes/env';
import { addCourse, fetchCollaborator, removeCourse, saveEntry, type Course, type CourseForm as CourseData, type EntryForm as EntryData } from '../api';
import { hoursText, yearChoices } from '../ruiLogic';
import { romeYear, useRuiLoad } from '../useRuiLoad';
import CourseForm from './CourseForm';
import EntryForm from './EntryForm';
import TrainingBadge from './TrainingBadge';

const EMPTY: EntryData = { section: 'E', number: '', registeredOn: '', endedOn: null, intermediaryName: '', intermediaryNumber: null };

export default function RuiUserView({ id }: { id: string }) {
  const { t, i18n } = useTranslation('rui');
  const { flags } = useAccess();
  const editor = canEdit(flags);
  const today = romeToday();
  const [year, setYear] = useState(romeYear);
  const load = useCallback(() => fetchCollaborator(id, year), [id, year]);
  const { data, error, reload } = useRuiLoad(load);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(t(done));
      reload();
    } catch (failure) {
      notify.error(errorText(failure));
    }
  };
  const columns = useMemo<ListColumn<Course>[]>(
    () => [
      { key: 'title', header: t('course.title'), cell: (c) => <Text fw={600} size="sm">{c.title}</Text>, card: 'title' },
      { key: 'day', header: t('course.day'), cell: (c) => shortDate(c.day) },
      { key: 'hours', header: t('course.hours'), cell: (c) => hoursText(c.hours, i18n.language), td: { ta: 'right' }, th: { ta: 'right' } },
      { key: 'provider', header: t('course.provider'), cell: (c) => c.provider || '—' },
      ...(editor
        ? [{
            key: 'remove', header: '', card: 'field' as const,
            cell: (c: Course) => (
              <ActionIcon variant="subtle" color="red" aria-label={t('course.remove')} onClick={() => void run(() => removeCourse(c._id), 'course.removed')} data-testid="rui-course-remove">
                <IconTrash size={16} />
              </ActionIcon>
            ),
          }]
        : []),
    ],
    [t, i18n.language, editor],
  );

  if (error) return <Alert color="red">{error}</Alert>;
  if (!data) return null;
  const rui = data.rui;
  const initial: EntryData = rui
    ? { section: rui.section, number: rui.number, registeredOn: rui.registeredOn, endedOn: rui.endedOn, intermediaryName: rui.intermediaryName, intermediaryNumber: rui.intermediaryNumber }
    : EMPTY;
  return (
    <Stack gap="md" data-testid="rui-user" data-id={id}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={3}>{data.name || data.email}</Title>
        <PlainSelect label={t('year')} data={yearChoices(romeYear()).map(String)} value={String(year)} onChange={(next) => setYear(Number(next))} w={120} data-testid="rui-year" />
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap">
            <Title order={4}>{t('entry.title')}</Title>
            <Badge color={data.valid ? 'green' : 'red'} variant="light" data-testid="rui-valid">
              {data.valid ? t('entry.valid') : t('entry.invalid')}
            </Badge>
          </Group>
          {rui ? (
            <Text size="sm" data-testid="rui-entry">
              {t('entry.summary', { section: rui.section, name: t(`sections.${rui.section}`), number: rui.number, date: shortDate(rui.registeredOn) })}
              {rui.endedOn ? ` · ${t('entry.ended', { date: shortDate(rui.endedOn) })}` : ''}
              {rui.section === 'E' && rui.intermediaryNumber ? ` · ${t('entry.for', { name: rui.intermediaryName || '—', number: rui.intermediaryNumber })}` : ''}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">{t('entry.none')}</Text>
          )}
          {!data.valid ? <Text size="sm" c="red">{t('entry.noEmission')}</Text> : null}
          {editor ? <EntryForm key={JSON.stringify(initial)} initial={initial} today={today} onSave={(form) => run(() => saveEntry(id, form), 'entry.saved')} /> : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Title order={4}>{t('training.title', { year })}</Title>
            <TrainingBadge training={data.training} />
          </Group>
          <Text size="sm" data-testid="rui-hours">
            {t('training.summary', {
              done: hoursText(data.training.done, i18n.language),
              required: hoursText(data.training.required, i18n.language),
              missing: hoursText(data.training.missing, i18n.language),
            })}
          </Text>
          <Text size="xs" c="dimmed">{t('training.rule')}</Text>
          {editor ? <CourseForm today={today} onAdd={(form: CourseData) => run(() => addCourse(id, form), 'course.added')} /> : null}
          <ListTable rows={data.entries} columns={columns} rowKey={(c) => c._id} rowProps={() => ({ 'data-testid': 'rui-course' })} label={t('training.title', { year })} minWidth={560} empty={<Text c="dimmed" size="sm">{t('course.none')}</Text>} />
        </Stack>
      </Paper>
    </Stack>
  );
}
