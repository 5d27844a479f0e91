/**
 * The realtime socket with the options of SPEC §7 and DESIGN §4. socketcluster-client is a
 * chunk of its own, downloaded when the session first needs the socket.
 */
import type { AGClientSocket } from 'socketcluster-client';

export const SOCKET_OPTIONS = {
  path: '/socketcluster/',
  protocolVersion: 2,
  authTokenName: 't',
  ackTimeout: 10_000,
  autoReconnectOptions: { initialDelay: 1500, randomness: 2000, multiplier: 1.2, maxDelay: 5000 },
} as const;

export type Socket = AGClientSocket;

export async function createSocket(): Promise<Socket> {
  const { create } = await import('./socketClient');
  return create({
    ...SOCKET_OPTIONS,
    autoReconnectOptions: { ...SOCKET_OPTIONS.autoReconnectOptions },
    hostname: location.hostname,
    port: Number(location.port) || (location.protocol === 'https:' ? 443 : 80),
    secure: location.protocol === 'https:',
  });
}
