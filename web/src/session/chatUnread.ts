/**
 * Unread chat counts per room, kept in the store's `chatUnread` collection (`{_id: chatId, n}`):
 * replaced by the server's counts after every (re)sync (`chatUnread`), raised by one for each
 * new message of someone else heard on the `chat` stream (once per message, and not for the
 * room open and visible here), cleared when the user has seen a room on any of their devices.
 */
import type { DataStore } from '../store/store';

export const UNREAD = 'chatUnread';

interface LastMessage {
  _id?: string;
  senderId?: string | null;
}

export class ChatUnread {
  /** The room shown on this device, when it is visible. */
  openRoom: string | null = null;

  constructor(
    private readonly store: DataStore,
    private readonly me: () => string | undefined,
  ) {}

  /** The server's counts, replacing what this device counted. */
  replace(counts: Record<string, number>): void {
    const current = this.store.getState().collections[UNREAD] ?? {};
    const batch: Record<string, { _id: string; n: number } | null> = {};
    for (const id of Object.keys(current)) batch[id] = null;
    for (const [id, n] of Object.entries(counts)) if (n > 0 && id !== this.openRoom) batch[id] = { _id: id, n };
    this.store.applyBatch({ [UNREAD]: batch });
  }

  /** A `chat` stream event, with the room as the store held it before: its newest message
   * is new for this user when it differs from the one held and someone else sent it. */
  onRoom(
    event: { operationType?: string; c?: { _id?: string; last?: LastMessage | null } },
    before: Record<string, unknown> | undefined,
  ): void {
    const room = event.c;
    if (!room?._id) return;
    if (event.operationType === 'delete') {
      this.store.applyBatch({ [UNREAD]: { [room._id]: null } });
      return;
    }
    const last = room.last;
    const held = (before?.last as LastMessage | null | undefined)?._id;
    if (!last?._id || last._id === held || last.senderId === this.me() || room._id === this.openRoom) return;
    const n = Number(this.store.getState().collections[UNREAD]?.[room._id]?.n ?? 0);
    this.store.applyBatch({ [UNREAD]: { [room._id]: { _id: room._id, n: n + 1 } } });
  }

  /** The user has seen the room (here or on another device). */
  seen(chatId: string): void {
    this.store.applyBatch({ [UNREAD]: { [chatId]: null } });
  }
}

/** The sum of the rooms' counts: the menu's chat chip. */
export function totalUnread(collection: Record<string, { n?: unknown }> | undefined): number {
  return Object.values(collection ?? {}).reduce((sum, item) => sum + (Number(item.n) || 0), 0);
}
