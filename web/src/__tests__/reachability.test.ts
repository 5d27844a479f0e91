import { describe, expect, it, vi } from 'vitest';
import { moduleEntries } from '../app/serviceWorker';
import { TenantUnavailable } from '../lib/tenant';
import { serverAway, whenReachable } from '../session/reachability';

describe('serverAway', () => {
  it('is no answer at all, or a proxy saying the app behind it is down', () => {
    expect(serverAway(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [502, 503, 504]) expect(serverAway(new TenantUnavailable(status))).toBe(true);
  });

  it('is not an answer that refuses (an unknown tenant, a server error) nor any other error', () => {
    for (const status of [400, 404, 500]) expect(serverAway(new TenantUnavailable(status))).toBe(false);
    expect(serverAway(new Error('boom'))).toBe(false);
    expect(serverAway('text')).toBe(false);
  });
});

/** Timers the test moves by hand: `advance(ms)` runs what falls due, settling each probe. */
function handTimers() {
  let now = 0;
  let pending: { at: number; run: () => void; id: number } | null = null;
  let ids = 0;
  const timers = {
    setTimeout: ((run: () => void, ms: number) => {
      pending = { at: now + ms, run, id: ++ids };
      return pending.id;
    }) as unknown as typeof setTimeout,
    clearTimeout: ((id: number) => {
      if (pending?.id === id) pending = null;
    }) as unknown as typeof clearTimeout,
  };
  const advance = async (ms: number) => {
    const until = now + ms;
    while (pending && pending.at <= until) {
      const due = pending;
      pending = null;
      now = due.at;
      due.run();
      for (let i = 0; i < 5; i += 1) await Promise.resolve(); // the probe's answer
    }
    now = until;
  };
  return { timers, advance };
}

describe('whenReachable', () => {
  it('asks after each pause, the last one repeated, and calls back once when the server answers', async () => {
    const { timers, advance } = handTimers();
    const answers = [false, false, false, true];
    const probe = vi.fn(() => Promise.resolve(answers.shift() ?? true));
    const back = vi.fn();
    whenReachable(probe, back, [100, 1000], timers);
    await advance(99);
    expect(probe).toHaveBeenCalledTimes(0);
    await advance(1); // 100
    expect(probe).toHaveBeenCalledTimes(1);
    await advance(1000); // 1100
    expect(probe).toHaveBeenCalledTimes(2);
    await advance(1000); // 2100
    expect(probe).toHaveBeenCalledTimes(3);
    expect(back).not.toHaveBeenCalled();
    await advance(1000); // 3100: answers
    expect(probe).toHaveBeenCalledTimes(4);
    expect(back).toHaveBeenCalledTimes(1);
    await advance(10_000);
    expect(probe).toHaveBeenCalledTimes(4);
  });

  it('takes a failing probe for no answer, and stops when told', async () => {
    const { timers, advance } = handTimers();
    const probe = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const back = vi.fn();
    const stop = whenReachable(probe, back, [10], timers);
    await advance(25);
    expect(probe).toHaveBeenCalledTimes(2);
    stop();
    await advance(100);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(back).not.toHaveBeenCalled();
  });
});

describe('moduleEntries', () => {
  it('lists the built modules of the lines the tenant offers', () => {
    const entries = moduleEntries({
      products: [
        { id: 'noleggio', name: 'Noleggio', icon: '', extraProduct: true, module: { name: 'noleggio_auto', entry: '/plugins/noleggio_auto/remoteEntry.js' } },
        { id: 'prestiti', name: 'Prestiti', icon: '', extraProduct: true, module: null },
      ],
    } as never);
    expect(entries).toEqual(['/plugins/noleggio_auto/remoteEntry.js']);
  });
});
