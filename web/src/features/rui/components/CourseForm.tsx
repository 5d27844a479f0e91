/** Logging a course: its day (not in the future), hours (up to two decimals), title, provider. */
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DayInput from '../../../components/DayInput';
import type { CourseForm as Form } from '../api';
import { parseHours } from '../ruiLogic';

export default function CourseForm({ today, onAdd }: { today: string; onAdd: (form: Form) => Promise<void> }) {
  const { t } = useTranslation('rui');
  const [day, setDay] = useState<string | null>(today);
  const [hours, setHours] = useState('');
  const [title, setTitle] = useState('');
  const [provider, setProvider] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = parseHours(hours);
  const ready = Boolean(day && parsed !== null && title.trim());
  const add = async () => {
    if (!day || parsed === null) return;
    setBusy(true);
    try {
      await onAdd({ day, hours: parsed, title: title.trim(), provider: provider.trim() });
      setHours('');
      setTitle('');
      setProvider('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" gap="sm" data-testid="rui-course-form">
      <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ flex: 1 }}>
        <DayInput label={t('course.day')} value={day} max={today} required onChange={setDay} data-testid="rui-course-day" />
        <TextInput
          label={t('course.hours')}
          value={hours}
          inputMode="decimal"
          maxLength={6}
          error={hours && parsed === null ? t('problems.hours') : undefined}
          onChange={(e) => setHours(e.currentTarget.value)}
          data-testid="rui-course-hours"
        />
        <TextInput label={t('course.title')} value={title} maxLength={200} required onChange={(e) => setTitle(e.currentTarget.value)} data-testid="rui-course-title" />
        <TextInput label={t('course.provider')} value={provider} maxLength={200} onChange={(e) => setProvider(e.currentTarget.value)} data-testid="rui-course-provider" />
      </SimpleGrid>
      <Button onClick={() => void add()} loading={busy} disabled={!ready} data-testid="rui-course-add">
        {t('course.add')}
      </Button>
    </Group>
  );
}
