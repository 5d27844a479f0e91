/**
 * `/chat` and `/chat/{chatId}` (SPEC §2): the rooms the user sees, newest activity first, and
 * the open room with its messages and composer. The links `/chat?chatId=…` and `/chat?id=…`
 * name a room by id or by name (`/support/{userId}`, `{product}/{quoteId}`); a room not opened
 * yet is opened, waiting up to 3 s. Everything follows the `chat` stream live.
 */
import { Anchor, Avatar, Badge, Button, CloseButton, FileButton, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBelow } from '@sportello/host-api';
import { useServices } from '../../session/context';
import { UNREAD } from '../../session/chatUnread';
import { downloadUrl, uploadDocs, withinLimit } from '../quotes/documents';
import { errorText, notify, useCollection, useQuoteEnv } from '../quotes/env';
import { customerName } from '../quotes/quoteLogic';
import {
  type Attachment,
  chatUploadForm,
  findRoom,
  linkParts,
  MAX_ATTACHMENTS,
  mergeMessages,
  type Message,
  type Room,
  romeTime,
  sortRooms,
  withDays,
} from './chat';

const OPEN_WAIT_MS = 3000;
const PAGE = 50;

/** Two initials of a room's title, from its words with letters ('Preventivo · Luca Bianchi' → 'LB'). */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const named = words.length > 2 ? words.slice(-2) : words;
  return named.map((word) => word[0]?.toUpperCase()).join('') || '?';
}

function useRoomTitle(): (room: Room) => string {
  const { t } = useTranslation('chat');
  const { userId, userName } = useQuoteEnv();
  const quotes = useCollection('preventivi');
  return useCallback(
    (room: Room) => {
      if (room.userId) return room.userId === userId ? t('support') : t('supportOf', { name: userName(room.userId) || '…' });
      const quote = room.quoteId ? quotes[room.quoteId] : undefined;
      const who = quote ? customerName(quote) : '';
      return t('quoteRoom', { name: who || (room.quoteId ?? '').slice(-6).toUpperCase() });
    },
    [t, userId, userName, quotes],
  );
}

function MessageText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkParts(text).map((part, index) =>
        part.href ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" size="sm">
            {part.text}
          </Anchor>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

/** A message's files: images as their thumbnail, others as a download link. */
function Attachments({ files }: { files: readonly Attachment[] }) {
  const { t } = useTranslation('chat');
  if (!files.length) return null;
  return (
    <Stack gap={4} mt={4} data-testid="chat-attachments">
      {files.map((file) => (
        <Anchor key={file._id} href={downloadUrl(file.uri, file.name)} size="sm" aria-label={t('download', { name: file.name })}
          data-testid="chat-attachment" style={{ overflowWrap: 'anywhere' }}>
          {file.thumb ? <img src={file.thumb} alt={file.name} style={{ display: 'block', maxWidth: 200, maxHeight: 150, borderRadius: 6 }} /> : null}
          <Group component="span" gap={4} wrap="nowrap">
            <IconPaperclip size={14} aria-hidden />
            {file.name}
          </Group>
        </Anchor>
      ))}
    </Stack>
  );
}

function RoomList({ rooms, openId }: { rooms: Room[]; openId?: string }) {
  const { t } = useTranslation('chat');
  const title = useRoomTitle();
  const unread = useCollection(UNREAD);
  const { userId, userName } = useQuoteEnv();
  if (rooms.length === 0) return <Text c="dimmed" ta="center" py="lg">{t('noRooms')}</Text>;
  return (
    <Stack gap={0} data-testid="chat-rooms">
      {rooms.map((room) => {
        const name = title(room);
        const count = Number(unread[room._id]?.n ?? 0);
        const sender = room.last?.senderId === userId ? t('you') : userName(room.last?.senderId);
        return (
          <UnstyledButton key={room._id} component={Link} to={`/chat/${room._id}`} p="sm" data-testid="chat-room"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: room._id === openId ? 'var(--mantine-color-gray-1)' : undefined }}>
            <Group wrap="nowrap" gap="sm">
              <Avatar radius="xl" color="blue">{initials(name)}</Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" truncate>{name}</Text>
                  {room.lastMessageAt ? <Text size="xs" c="dimmed">{romeTime(room.lastMessageAt)}</Text> : null}
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="xs" c="dimmed" truncate>{room.last ? `${sender ? `${sender}: ` : ''}${room.last.text}` : t('empty')}</Text>
                  {count ? <Badge color="red" size="sm" circle={count < 10} data-testid="chat-room-unread">{count}</Badge> : null}
                </Group>
              </div>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

function RoomView({ room }: { room: Room }) {
  const { t } = useTranslation(['chat', 'quotes']);
  const { session } = useServices();
  const { userId, userName, appName, maxUploadMb: tenantMb, token } = useQuoteEnv();
  const [files, setFiles] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const title = useRoomTitle();
  const [messages, setMessages] = useState<Message[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const newest = messages.at(-1)?._id;
  // in one's own support room the other side is the platform's staff, whose names a user may not see
  const senderLabel = (id?: string | null) =>
    id === userId ? t('you') : userName(id) || (room.userId === userId ? t('support') : t('someone'));

  const markSeen = useCallback(() => {
    if (document.visibilityState !== 'visible') return;
    session.chatUnread.seen(room._id);
    session.invoke('chatSeen', { chatId: room._id }).catch(() => undefined);
  }, [session, room._id]);

  // the newest page when the room opens; this device counts nothing for it while it is visible
  useEffect(() => {
    let live = true;
    setLoading(true);
    setMessages([]);
    stick.current = true;
    session.invoke<{ messages: Message[]; more: boolean }>('chatMessages', { chatId: room._id, limit: PAGE }).then(
      (page) => {
        if (!live) return;
        setMessages(page.messages);
        setMore(page.more);
        setLoading(false);
      },
      (error) => live && (setLoading(false), notify.error(errorText(error))),
    );
    const visibility = () => {
      session.chatUnread.openRoom = document.visibilityState === 'visible' ? room._id : null;
      markSeen();
    };
    visibility();
    document.addEventListener('visibilitychange', visibility);
    return () => {
      live = false;
      session.chatUnread.openRoom = null;
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [session, room._id, markSeen]);

  // a new message on the stream: fetch what came after the last one shown
  const lastHeard = room.last?._id;
  useEffect(() => {
    if (loading || !lastHeard || messages.some((m) => m._id === lastHeard)) return;
    const anchor = newest ? { afterId: newest } : {};
    session.invoke<{ messages: Message[] }>('chatMessages', { chatId: room._id, limit: 100, ...anchor }).then(
      (page) => setMessages((shown) => mergeMessages(shown, page.messages)),
      () => undefined,
    );
    markSeen();
  }, [session, room._id, lastHeard, loading, newest, messages, markSeen]);

  useEffect(() => {
    const box = scroller.current;
    if (box && stick.current) box.scrollTop = box.scrollHeight;
  }, [messages]);

  const older = async () => {
    const first = messages[0];
    if (!first) return;
    stick.current = false;
    const page = await session.invoke<{ messages: Message[]; more: boolean }>('chatMessages', { chatId: room._id, limit: PAGE, before: first.at });
    setMessages((shown) => mergeMessages(page.messages, shown));
    setMore(page.more);
  };

  // files go to the room first (the document upload), then with the next message
  const attach = async (picked: File[]) => {
    if (files.length + picked.length > MAX_ATTACHMENTS) {
      notify.error(t('tooMany', { max: MAX_ATTACHMENTS }));
      return;
    }
    const wanted = withinLimit(picked, appName, tenantMb, (file, mb) => notify.error(t('quotes:docs.tooLarge', { file: file.name, mb })));
    if (!wanted.length) return;
    setUploading(true);
    try {
      const entries = await uploadDocs(chatUploadForm(room._id, wanted), token());
      const added: Attachment[] = [];
      for (const entry of entries) {
        if ('err' in entry) notify.error(t('quotes:docs.fileError', { name: entry.name, err: entry.err }));
        else added.push(entry);
      }
      setFiles((shown) => [...shown, ...added]);
    } catch {
      notify.error(t('quotes:docs.uploadError')); // status above 399, timeout or network failure
    } finally {
      setUploading(false);
    }
  };

  const send = async () => {
    const body = text.trim();
    if ((!body && !files.length) || sending || uploading) return;
    setSending(true);
    try {
      await session.invoke('sendChatMessage', { roomId: room.room, text: body, attachments: files.map((file) => file._id) });
      setText('');
      setFiles([]);
      stick.current = true;
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSending(false);
    }
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap="sm" style={{ height: '100%' }} data-testid="chat-room-view">
      <Group justify="space-between">
        <Title order={3}>{title(room)}</Title>
        {room.quoteId ? <Anchor component={Link} to={`/${room.room}`} size="sm">{t('openQuote')}</Anchor> : null}
      </Group>
      <div ref={scroller} style={{ flex: 1, overflowY: 'auto', minHeight: 240, maxHeight: 'calc(100vh - 330px)' }}
        onScroll={(e) => { const box = e.currentTarget; stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40; }}
        data-testid="chat-messages">
        {more ? <Group justify="center" py="xs"><Button variant="subtle" size="xs" onClick={() => void older()}>{t('older')}</Button></Group> : null}
        {loading ? <Group justify="center" py="lg"><Loader size="sm" /></Group> : null}
        {!loading && messages.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('empty')}</Text> : null}
        <Stack gap="xs" px="xs">
          {withDays(messages).map((part) =>
            'day' in part ? (
              <Text key={`day-${part.day}`} size="xs" c="dimmed" ta="center" data-testid="chat-day">{part.day}</Text>
            ) : (
              <Paper key={part.message._id} p="xs" radius="md" withBorder data-testid="chat-message"
                maw="80%" ml={part.message.senderId === userId ? 'auto' : undefined}
                bg={part.message.senderId === userId ? 'var(--mantine-color-blue-0)' : undefined}>
                <Group justify="space-between" gap="md">
                  <Text size="xs" fw={600}>{senderLabel(part.message.senderId)}</Text>
                  <Text size="xs" c="dimmed">{romeTime(part.message.at)}</Text>
                </Group>
                {part.message.text ? <MessageText text={part.message.text} /> : null}
                <Attachments files={part.message.attachments ?? []} />
              </Paper>
            ),
          )}
        </Stack>
      </div>
      {files.length ? (
        <Group gap="xs" data-testid="chat-pending">
          {files.map((file) => (
            <Badge key={file._id} variant="light" size="lg" leftSection={<IconPaperclip size={12} aria-hidden />} style={{ textTransform: 'none' }}
              rightSection={<CloseButton size="xs" aria-label={t('attachedRemove', { name: file.name })}
                onClick={() => setFiles((shown) => shown.filter((other) => other._id !== file._id))} />}>
              {file.name}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Group align="end" gap="sm" wrap="nowrap">
        <FileButton multiple onChange={(picked) => void attach(picked)}>
          {(props) => (
            <Button {...props} variant="subtle" px="xs" loading={uploading} aria-label={t('attach')} title={t('attach')} data-testid="chat-attach">
              <IconPaperclip size={18} />
            </Button>
          )}
        </FileButton>
        <textarea value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={onKey} maxLength={10000} rows={2}
          aria-label={t('composer')} placeholder={t('placeholder')} data-testid="chat-composer"
          style={{ flex: 1, resize: 'vertical', padding: 8, borderRadius: 8, border: '1px solid var(--mantine-color-gray-4)', font: 'inherit' }} />
        <Button onClick={() => void send()} loading={sending} disabled={uploading} leftSection={<IconSend size={16} />} data-testid="chat-send">{t('send')}</Button>
      </Group>
    </Stack>
  );
}

export default function ChatPage() {
  const { t } = useTranslation('chat');
  const { chatId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { session } = useServices();
  const collection = useCollection('chat');
  const rooms = useMemo(() => sortRooms(Object.values(collection) as unknown as Room[]), [collection]);
  const wanted = params.get('chatId') ?? params.get('id');
  const opening = useRef<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!wanted) return;
    const found = findRoom(rooms, wanted);
    if (found) {
      void navigate(`/chat/${found._id}`, { replace: true });
      return;
    }
    if (!wanted.includes('/') || opening.current === wanted) return;
    opening.current = wanted; // a room not opened yet: open it (the stream brings it)
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(t('notOpened'))), OPEN_WAIT_MS));
    Promise.race([session.invoke<{ chatId: string }>('sendChatMessage', { roomId: wanted }), timeout]).then(
      (answer) => void navigate(`/chat/${answer.chatId}`, { replace: true }),
      (error) => setProblem(errorText(error)),
    );
  }, [wanted, rooms, navigate, session, t]);

  const open = chatId ? rooms.find((room) => room._id === chatId) : undefined;
  const phone = useBelow('sm');
  return (
    <Stack gap="md" className="page" data-testid="chat-page">
      <Title order={2}>{t('title')}</Title>
      {problem ? <Text c="red">{problem}</Text> : null}
      {/* on a phone, the rooms or the room open: one at a time */}
      {phone && chatId ? (
        <Anchor component={Link} to="/chat" size="sm" data-testid="chat-rooms-link">
          ← {t('rooms')}
        </Anchor>
      ) : null}
      <Group align="stretch" gap="md" wrap="nowrap">
        {phone && chatId ? null : (
          <Paper withBorder radius="lg" w={phone ? '100%' : 340} style={{ flexShrink: 0, overflow: 'hidden', maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}>
            <RoomList rooms={rooms} openId={open?._id} />
          </Paper>
        )}
        {phone && !chatId ? null : (
          <Paper withBorder radius="lg" p="md" style={{ flex: 1, minWidth: 0 }}>
            {open ? <RoomView room={open} /> : <Text c="dimmed" ta="center" py="xl">{chatId ? t('notFound') : t('pick')}</Text>}
          </Paper>
        )}
      </Group>
    </Stack>
  );
}
