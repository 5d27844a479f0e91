import { describe, expect, it } from 'vitest';
import { DataStore } from '../store/store';
import { ChatUnread, totalUnread, UNREAD } from '../session/chatUnread';

const room = (id: string, lastId: string, senderId: string) => ({ _id: id, last: { _id: lastId, senderId } });

function setup() {
  const store = new DataStore();
  const unread = new ChatUnread(store, () => 'me');
  const counts = () => Object.fromEntries(Object.values(store.getState().collections[UNREAD] ?? {}).map((i) => [i._id, i.n]));
  return { unread, counts };
}

describe('unread chat counts', () => {
  it('start from the server and count each new message of others once', () => {
    const { unread, counts } = setup();
    unread.replace({ a: 2, b: 0 });
    expect(counts()).toEqual({ a: 2 });
    unread.onRoom({ operationType: 'update', c: room('a', 'm3', 'other') }, room('a', 'm2', 'other'));
    unread.onRoom({ operationType: 'update', c: room('a', 'm3', 'other') }, room('a', 'm3', 'other'));
    expect(counts()).toEqual({ a: 3 });
  });

  it('never count one own message, the open room, or a room moved without a new message', () => {
    const { unread, counts } = setup();
    unread.onRoom({ operationType: 'update', c: room('a', 'm1', 'me') }, undefined);
    unread.openRoom = 'b';
    unread.onRoom({ operationType: 'update', c: room('b', 'm1', 'other') }, undefined);
    unread.onRoom({ operationType: 'update', c: room('c', 'm1', 'other') }, room('c', 'm1', 'other'));
    expect(counts()).toEqual({});
  });

  it('clear a room seen on any device, or gone, and replace everything after a resync', () => {
    const { unread, counts } = setup();
    unread.replace({ a: 1, b: 4, c: 1 });
    unread.seen('a');
    unread.onRoom({ operationType: 'delete', c: { _id: 'b' } }, undefined);
    expect(counts()).toEqual({ c: 1 });
    unread.replace({ d: 5 });
    expect(counts()).toEqual({ d: 5 });
    expect(totalUnread({ x: { n: 2 }, y: { n: 3 } })).toBe(5);
  });
});
