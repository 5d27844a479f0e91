import { describe, expect, it } from 'vitest';
import { currentByKind, formatSize, newestByKind, shortSha, withUploaded, type ProductDocument } from '../productDocuments';

const doc = (id: string, kind: string): ProductDocument => ({ _id: id, kind, title: kind, name: `${id}.pdf`, sha256: 'a'.repeat(64), size: 1, at: '2026-11-30T10:00:00Z' });

describe("a product's documents, pure", () => {
  it.each([
    [0, '0 byte'],
    [512, '512 byte'],
    [1023, '1023 byte'],
    [1024, '1 KB'],
    [1100, '1 KB'],
    [34_816, '34 KB'],
    [1024 * 1024 - 600, '1023 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [1024 * 1024, '1 MB'],
    [1.5 * 1024 * 1024, '1,5 MB'],
    [20 * 1024 * 1024, '20 MB'],
  ])('shows %i bytes as %s', (bytes, shown) => {
    expect(formatSize(bytes)).toBe(shown);
  });

  it('shows nothing for a size that is no size', () => {
    expect(formatSize(-1)).toBe('');
    expect(formatSize(Number.NaN)).toBe('');
  });

  it('keeps the current document of each known kind, leaving out unknown kinds', () => {
    const byKind = currentByKind([doc('1', 'dip'), doc('2', 'condizioni'), doc('3', 'allegato3')]);
    expect(Object.keys(byKind).sort()).toEqual(['condizioni', 'dip']);
    expect(byKind.dip?._id).toBe('1');
  });

  it('takes the newest upload of each kind, whatever the order they come in', () => {
    const at = (d: ProductDocument, when: string) => ({ ...d, at: when });
    const newer = at(doc('2', 'dip'), '2026-11-30T10:00:01+01:00');
    const older = at(doc('1', 'dip'), '2026-11-30T09:00:00.5Z');
    expect(newestByKind([newer, older]).dip?._id).toBe('2');
    expect(newestByKind([older, newer]).dip?._id).toBe('2');
  });

  it('puts an upload in place of the one it replaces', () => {
    const after = withUploaded([doc('1', 'dip'), doc('2', 'condizioni')], doc('3', 'dip'));
    expect(after.map((d) => d._id).sort()).toEqual(['2', '3']);
    expect(withUploaded([], doc('4', 'dip_aggiuntivo')).map((d) => d._id)).toEqual(['4']);
  });

  it('shortens a SHA-256 to its first 12 digits', () => {
    expect(shortSha('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
  });
});
