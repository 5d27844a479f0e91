import { describe, expect, it } from 'vitest';
import { chatUploadForm, findRoom, linkParts, mergeMessages, sortRooms, withDays } from '../chat';

const message = (id: string, at: string) => ({ _id: id, chatId: 'c', at, text: id });

describe('the chat helpers', () => {
  it('order rooms by newest activity and find one by id or by name', () => {
    const rooms = [
      { _id: 'a', room: '/support/u1', lastMessageAt: '2026-01-01T10:00:00+00:00' },
      { _id: 'b', room: 'preventivi/q1', lastMessageAt: '2026-02-01T10:00:00+00:00' },
      { _id: 'c', room: 'preventivi/q2', lastMessageAt: null, at: '2026-01-15T10:00:00+00:00' },
    ];
    expect(sortRooms(rooms).map((r) => r._id)).toEqual(['b', 'c', 'a']);
    expect(findRoom(rooms, 'preventivi/q1')?._id).toBe('b');
    expect(findRoom(rooms, 'a')?._id).toBe('a');
    expect(findRoom(rooms, 'nope')).toBeUndefined();
  });

  it('separate days in Rome time', () => {
    const parts = withDays([message('1', '2026-03-01T22:30:00Z'), message('2', '2026-03-01T23:30:00Z')]);
    expect(parts.map((p) => ('day' in p ? p.day : p.message._id))).toEqual(['01/03/2026', '1', '02/03/2026', '2']);
  });

  it('make only http and https links, never markup', () => {
    expect(linkParts('vedi https://esempio.it/a?b=1. ciao')).toEqual([
      { text: 'vedi ' }, { text: 'https://esempio.it/a?b=1', href: 'https://esempio.it/a?b=1' }, { text: '. ciao' },
    ]);
    expect(linkParts('javascript:alert(1) <b>x</b>')).toEqual([{ text: 'javascript:alert(1) <b>x</b>' }]);
  });

  it('merge pages without duplicates, oldest first', () => {
    const merged = mergeMessages([message('2', '2026-01-02'), message('3', '2026-01-03')], [message('1', '2026-01-01'), message('3', '2026-01-03')]);
    expect(merged.map((m) => m._id)).toEqual(['1', '2', '3']);
  });

  it('upload files to a room by its id, numbered from 0', () => {
    const form = chatUploadForm('room1', [new File(['a'], 'uno.pdf'), new File(['b'], 'due.png')]);
    expect(form.get('chatId')).toBe('room1');
    expect((form.get('file.0') as File).name).toBe('uno.pdf');
    expect((form.get('file.1') as File).name).toBe('due.png');
    expect(form.get('idToUpload')).toBeNull();
  });
});
