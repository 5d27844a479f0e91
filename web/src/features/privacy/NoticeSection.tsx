/**
 * `/impostazioni` › Privacy (admins): the notice's text, saved as a new version each time;
 * every earlier version listed read-only with its author and time.
 */
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatDateTime } from '@sportello/host-api';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { errorText, useCollection } from '../quotes/env';
import { getNoticeVersions, MAX_NOTICE, type Notice, saveNotice } from './api';
import { draftProblem } from './privacyLogic';

export default function NoticeSection() {
  const { t } = useTranslation('privacy');
  const users = useCollection('usr');
  const [versions, setVersions] = useState<Notice[]>([]);
  const [draft, setDraft] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // what the admin typed before the versions arrived is kept: the loaded text fills the box
  // only while it is untouched (and again after a save)
  const edited = useRef(false);
  const load = useCallback(async () => {
    try {
      const found = await getNoticeVersions();
      setVersions(found);
      if (!edited.current) setDraft(found[0]?.text ?? '');
    } catch (error) {
      notifyError(errorText(error));
    }
  }, []);
  useEffect(() => void load(), [load]);
  const current = versions[0] ?? null;
  const problem = draftProblem(draft, current?.text ?? null);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveNotice(draft);
      notifications.show({ color: 'green', message: t('notice.saved', { version: saved.version }) });
      edited.current = false;
      await load();
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const author = (id: string | null) => (id ? String((users[id] as { name?: string } | undefined)?.name ?? id) : '');
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="settings-privacy">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>{t('notice.title')}</Title>
          <Anchor href="/privacy" target="_blank" size="sm">
            {t('notice.open')}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {t('notice.help')}
        </Text>
        <Textarea
          label={t('notice.text')}
          value={draft}
          onChange={(e) => {
            edited.current = true;
            setDraft(e.currentTarget.value);
          }}
          autosize
          minRows={8}
          maxRows={24}
          error={problem === 'tooLong' ? t('notice.tooLong', { max: MAX_NOTICE }) : undefined}
          description={t('notice.chars', { count: draft.length, max: MAX_NOTICE })}
          data-testid="privacy-notice-text"
        />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={busy} disabled={problem !== null} data-testid="privacy-notice-save">
            {t('notice.save')}
          </Button>
        </Group>
        <Title order={5}>{t('notice.versions')}</Title>
        {versions.length === 0 ? <Text c="dimmed">{t('notice.none')}</Text> : null}
        <Stack gap="xs" data-testid="privacy-versions">
          {versions.map((version, index) => (
            <Paper key={version.version} withBorder radius="md" p="sm" data-testid="privacy-version-row">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{t('notice.version', { version: version.version })}</Text>
                  {index === 0 ? <Badge variant="light">{t('notice.current')}</Badge> : null}
                  <Text size="sm" c="dimmed">
                    {formatDateTime(version.at ?? '')} · {author(version.author)}
                  </Text>
                </Group>
                <Button variant="subtle" size="xs" onClick={() => setOpen(open === version.version ? null : version.version)}>
                  {open === version.version ? t('notice.hide') : t('notice.show')}
                </Button>
              </Group>
              {open === version.version ? (
                <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {version.text}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
