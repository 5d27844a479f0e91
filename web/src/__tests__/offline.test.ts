// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestJson } from '../lib/http';
import { followNetwork } from '../session/network';

const offline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);

describe('offline, read-only', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a change over HTTP at once, and still lets a read go', async () => {
    offline(true);
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    await expect(requestJson('/api/account', { method: 'PATCH', json: {} })).rejects.toMatchObject({ name: 'OfflineError' });
    await expect(requestJson('/api/settings', { json: {} })).rejects.toMatchObject({ name: 'OfflineError' });
    expect(fetched).not.toHaveBeenCalled();
    await expect(requestJson('/api/agents')).resolves.toEqual({ ok: true });
  });

  it('tells the session the network state now and at every change', () => {
    const session = { setOnline: vi.fn() };
    const stop = followNetwork(session);
    expect(session.setOnline).toHaveBeenLastCalledWith(true);
    offline(true);
    window.dispatchEvent(new Event('offline'));
    expect(session.setOnline).toHaveBeenLastCalledWith(false);
    stop();
    window.dispatchEvent(new Event('online'));
    expect(session.setOnline).toHaveBeenCalledTimes(2);
  });
});
