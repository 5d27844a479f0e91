/**
 * 'Assistenza' (SPEC §2): the tenant's support text (HTML, sanitised) and, for non-admins,
 * 'CHATTA CON NOI', which opens the support chat: after the call, 1.5 s, then 0.3 s, then
 * /chat?chatId=/support/{userId}.
 */
import { Button, Divider, Modal, Stack, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCircle } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices, useSession } from '../session/context';
import { useAccess } from '../session/useAccess';
import { describeError } from '../session/loginErrors';

export const SUPPORT_WAIT_MS = 1500;
export const SUPPORT_CLOSE_MS = 300;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function SupportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { tenant, settings, user } = useSession();
  const { session } = useServices();
  const { flags } = useAccess();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const html = DOMPurify.sanitize(settings?.assistenza ?? tenant.assistenza ?? '');

  const chat = async () => {
    if (!user) return;
    const roomId = `/support/${user._id}`;
    setBusy(true);
    try {
      await session.invoke('sendChatMessage', { roomId });
    } catch (error) {
      setBusy(false);
      notifications.show({ color: 'red', message: describeError(error).message || String(error) });
      return;
    }
    await wait(SUPPORT_WAIT_MS);
    onClose();
    await wait(SUPPORT_CLOSE_MS);
    setBusy(false);
    navigate(`/chat?chatId=${encodeURIComponent(roomId)}`);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Title order={3}>{t('support.title')}</Title>} centered radius="lg" size="lg">
      <Stack>
        <Text fw={600} tt="uppercase" size="xs" c="dimmed">
          {t('support.admin')}
        </Text>
        {html ? (
          <TypographyStylesProvider>
            <div className="support-html" dangerouslySetInnerHTML={{ __html: html }} />
          </TypographyStylesProvider>
        ) : (
          <Text c="dimmed">{t('support.empty')}</Text>
        )}
        {!flags.admin && (
          <>
            <Divider />
            <Text fw={600} tt="uppercase" size="xs" c="dimmed">
              {t('support.platform')}
            </Text>
            <Text size="sm">{t('support.platformText')}</Text>
            <Button leftSection={<IconMessageCircle size={18} />} loading={busy} onClick={chat} data-testid="support-chat">
              {t('support.chat')}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
