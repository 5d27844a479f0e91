import { describe, expect, it } from 'vitest';
import { cleanCode, documentUrl, shortHash } from '../precontract';

describe('the pre-contract step on the public page', () => {
  it('keeps six digits of whatever is typed or pasted', () => {
    expect(cleanCode(' 12 34-56 ')).toBe('123456');
    expect(cleanCode('1234567890')).toBe('123456');
    expect(cleanCode('abc')).toBe('');
  });

  it('shortens a hash for the eye and builds the file link', () => {
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('0123456789ab…');
    expect(documentUrl('q 1', 'c/d', 2, 0)).toBe('/api/public/quotes/q%201/c%2Fd/precontract/2/0');
  });
});
