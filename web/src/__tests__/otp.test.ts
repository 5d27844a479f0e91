import { describe, expect, it } from 'vitest';
import { otpOpenFor, otpValid } from '../layout/otp';

const at = Date.parse('2026-11-26T10:00:00Z');

describe('the OTP prompt', () => {
  it('opens for what is left of the minute after the request', () => {
    const ask = { at: new Date(at).toISOString(), company: 'Allianz' };
    expect(otpOpenFor(ask, at + 20_000)).toBe(40_000);
    expect(otpOpenFor(ask, at + 60_000)).toBe(0);
    expect(otpOpenFor(ask, at + 3_600_000)).toBe(0);
    expect(otpOpenFor({ at: 'ieri', company: 'Allianz' }, at)).toBe(0);
    expect(otpOpenFor({ at: new Date(at).toISOString() }, at)).toBe(0);
    expect(otpOpenFor(null, at)).toBe(0);
  });

  it('takes a code of 5 to 6 characters', () => {
    expect(['1234', '12345', '123456', '1234567', '  12345 '].map(otpValid)).toEqual([false, true, true, false, true]);
  });
});
