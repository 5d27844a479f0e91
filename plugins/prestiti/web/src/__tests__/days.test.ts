import { describe, expect, it } from 'vitest';
import { isoDay } from '../lib/days';

describe('isoDay', () => {
  it('reads gg/mm/aaaa as an ISO day', () => {
    expect(isoDay('01/01/2030')).toBe('2030-01-01');
    expect(isoDay(' 5/3/2026 ')).toBe('2026-03-05');
    expect(isoDay('29/02/2028')).toBe('2028-02-29');
  });
  it('refuses what is not a real day', () => {
    for (const text of ['', '2030-01-01', '31/04/2030', '29/02/2027', '00/01/2030', '1/13/2030', 'domani']) {
      expect(isoDay(text)).toBeNull();
    }
  });
});
