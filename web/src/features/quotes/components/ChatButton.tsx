/** CHAT with the unread badge of the room; opens `/chat?id={roomId}`. */
import { Badge, Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { unreadCount } from '../documents';
import { useCollection, useQuoteEnv } from '../env';

export default function ChatButton({ roomId }: { roomId: string }) {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const { userId } = useQuoteEnv();
  const chats = useCollection('chat');
  const chat = chats[roomId] ?? Object.values(chats).find((c) => c.room === roomId || c.roomId === roomId);
  const unread = unreadCount(chat, userId);
  return (
    <Button
      variant="light"
      leftSection={<IconMessageCircle size={18} />}
      rightSection={
        unread ? (
          <Badge color="red" size="sm" circle={unread < 10} aria-label={t('chat.unread', { count: unread })} data-testid="chat-unread">
            {unread}
          </Badge>
        ) : null
      }
      onClick={() => void navigate(`/chat?id=${encodeURIComponent(roomId)}`)}
      data-testid="chat-button"
    >
      {t('chat.button')}
    </Button>
  );
}
