/** CHAT with the unread badge of the room (the user's unread count of it); opens `/chat?id={roomId}`. */
import { Badge, Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UNREAD } from '../../../session/chatUnread';
import { useCollection } from '../env';

export default function ChatButton({ roomId }: { roomId: string }) {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const chats = useCollection('chat');
  const counts = useCollection(UNREAD);
  const chat = Object.values(chats).find((c) => c.room === roomId);
  const unread = chat ? Number(counts[chat._id]?.n ?? 0) : 0;
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
