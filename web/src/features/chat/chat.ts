/** The chat's pure helpers: rooms in order and their titles, days and times in Rome, links. */

export interface Room {
  _id: string;
  room: string;
  quoteId?: string | null;
  userId?: string | null;
  lastMessageAt?: string | null;
  at?: string | null;
  last?: { _id: string; senderId?: string | null; at?: string | null; text: string } | null;
}

/** A file a message carries (uploaded to the room first, then sent with the message). */
export interface Attachment {
  _id: string;
  name: string;
  uri: string;
  fileType?: string | null;
  thumb?: string | null;
  size?: number | null;
}

export interface Message {
  _id: string;
  chatId: string;
  senderId?: string | null;
  at: string;
  text: string;
  attachments?: Attachment[];
}

/** At most this many files go with one message (the server's bound). */
export const MAX_ATTACHMENTS = 20;

/** The upload form of files for a room: `chatId` and `file.0..n`. */
export function chatUploadForm(chatId: string, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('chatId', chatId);
  files.forEach((file, i) => form.append(`file.${i}`, file, file.name));
  return form;
}

/** Newest activity first (a room without messages by when it was opened). */
export function sortRooms(rooms: readonly Room[]): Room[] {
  const key = (room: Room) => room.lastMessageAt ?? room.at ?? '';
  return [...rooms].sort((a, b) => key(b).localeCompare(key(a)) || a._id.localeCompare(b._id));
}

/** The room a link names: by id, or by room name (`/support/{userId}`, `{product}/{quoteId}`). */
export function findRoom(rooms: readonly Room[], wanted: string): Room | undefined {
  return rooms.find((room) => room._id === wanted) ?? rooms.find((room) => room.room === wanted);
}

const ROME_DAY = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });
const ROME_TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });

/** The day (dd/mm/yyyy) and time (hh:mm) of a moment in Europe/Rome. */
export const romeDay = (iso: string): string => ROME_DAY.format(new Date(iso));
export const romeTime = (iso: string): string => ROME_TIME.format(new Date(iso));

/** Messages with a day separator before the first message of each Rome day. */
export function withDays(messages: readonly Message[]): ({ day: string } | { message: Message })[] {
  const out: ({ day: string } | { message: Message })[] = [];
  let current = '';
  for (const message of messages) {
    const day = romeDay(message.at);
    if (day !== current) out.push({ day });
    current = day;
    out.push({ message });
  }
  return out;
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** A message's text cut into plain parts and links (only http and https become links). */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    if (at > from) parts.push({ text: text.slice(from, at) });
    parts.push({ text: match[0], href: match[0] });
    from = at + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/** Merge a page of messages into those shown: by id, oldest first. */
export function mergeMessages(shown: readonly Message[], page: readonly Message[]): Message[] {
  const byId = new Map(shown.map((m) => [m._id, m]));
  for (const message of page) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.at.localeCompare(b.at) || a._id.localeCompare(b._id));
}
