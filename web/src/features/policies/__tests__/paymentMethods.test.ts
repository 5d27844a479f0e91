import { describe, expect, it } from 'vitest';
import { defaultMethod } from '../paymentMethods';

const METHODS = [
  { code: 'bonifico', label: 'Bonifico', active: true },
  { code: 'pos', label: 'POS', active: true },
];

describe('the method a payment defaults to', () => {
  it("is the policy's, by code or label in any case", () => {
    expect(defaultMethod(METHODS, 'pos')).toBe('pos');
    expect(defaultMethod(METHODS, ' Bonifico ')).toBe('bonifico');
  });
  it('is the first accepted one when the policy has another or none', () => {
    expect(defaultMethod(METHODS, 'contanti')).toBe('bonifico');
    expect(defaultMethod(METHODS, undefined)).toBe('bonifico');
    expect(defaultMethod([], 'pos')).toBe('');
  });
});
