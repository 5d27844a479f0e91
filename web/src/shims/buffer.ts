/**
 * The part of Node's Buffer that socketcluster-client uses in a browser: base64 <-> UTF-8 of
 * auth tokens (`Buffer.from(text, 'base64').toString('utf8')` and back). It replaces the
 * full `buffer` polyfill (vite.config.ts alias) to keep the shell's initial JavaScript small.
 */
class Bytes {
  constructor(private readonly bytes: Uint8Array) {}

  toString(encoding: 'utf8' | 'base64' = 'utf8'): string {
    if (encoding === 'base64') {
      let binary = '';
      for (const byte of this.bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }
    return new TextDecoder().decode(this.bytes);
  }
}

export const Buffer = {
  from(value: string, encoding: 'utf8' | 'base64' = 'utf8'): Bytes {
    if (encoding === 'base64') {
      const normal = value.replace(/-/g, '+').replace(/_/g, '/');
      const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
      return new Bytes(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    }
    return new Bytes(new TextEncoder().encode(value));
  },
};

export default { Buffer };
