import { Buffer as NodeBuffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { Buffer } from '../shims/buffer';
import { parse, serialize, splitCookiesString } from '../shims/cookie';

describe('buffer shim (what socketcluster-client uses)', () => {
  it.each(['{"email":"agente@demo.it","exp":1}', 'àèìòù €', ''])('round-trips %j like Node', (text) => {
    const encoded = Buffer.from(text, 'utf8').toString('base64');
    expect(encoded).toBe(NodeBuffer.from(text, 'utf8').toString('base64'));
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(text);
  });

  it('decodes unpadded base64url JWT segments', () => {
    const segment = NodeBuffer.from('{"sub":"u1"}').toString('base64url');
    expect(Buffer.from(segment, 'base64').toString('utf8')).toBe('{"sub":"u1"}');
  });
});

describe('cookie shim', () => {
  it('parses and serialises', () => {
    expect(parse('a=1; b=hello%20world; a=2')).toEqual({ a: '1', b: 'hello world' });
    expect(serialize('t', 'x y', { path: '/', maxAge: 60, httpOnly: true })).toBe('t=x%20y; Max-Age=60; Path=/; HttpOnly');
    expect(splitCookiesString('a=1; Path=/, b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT')).toEqual([
      'a=1; Path=/',
      'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT',
    ]);
  });
});
