/**
 * `/privacy` (no login): the tenant's privacy notice in force (arts. 12-14 GDPR), the tenant
 * known from the host; the default text until the admin writes one. Plain text: React escapes
 * it, and blank lines part its paragraphs.
 */
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@sportello/host-api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getNotice, type Notice } from './api';

export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getNotice(controller.signal).then(setNotice, (e: Error) => {
      if (!controller.signal.aborted) setError(e.message);
    });
    return () => controller.abort();
  }, []);
  return (
    <Center p="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820} w="100%" data-testid="privacy-page">
        <Stack gap="md">
          <Title order={2}>{t('page.title')}</Title>
          {error ? <Alert color="red">{t('page.error', { error })}</Alert> : null}
          {!notice && !error ? <Loader /> : null}
          {notice ? (
            <>
              <Text size="sm" c="dimmed" data-testid="privacy-version">
                {notice.default ? t('page.default') : t('page.version', { version: notice.version, date: formatDateTime(notice.at ?? '') })}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="privacy-text">
                {notice.text}
              </Text>
            </>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
