/**
 * The server out of reach while the browser says it is online (a dead Wi-Fi, the office's
 * network down, the server restarting behind its proxy): the app opens on the data kept on the
 * device, as with no network, and asks the server again now and then until it answers.
 */
import { TenantUnavailable } from '../lib/tenant';

/** Statuses a proxy gives when the app behind it does not answer. */
const PROXY_AWAY = new Set([502, 503, 504]);

/** The pauses between two tries (ms): quick at first, then every half minute. */
export const PROBE_DELAYS = [2000, 5000, 10_000, 30_000] as const;

/** Whether the start-up's error means no answer from the server (not a refusal by it). */
export function serverAway(error: unknown): boolean {
  if (error instanceof TenantUnavailable) return PROXY_AWAY.has(error.status);
  return error instanceof TypeError; // fetch's own failure: no answer at all
}

/**
 * Try `probe` after each pause of `delays` (the last one repeated) until it resolves true, then
 * call `back` once. Returns the function that stops trying.
 */
export function whenReachable(
  probe: () => Promise<boolean>,
  back: () => void,
  delays: readonly number[] = PROBE_DELAYS,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (n: number) => {
    timer = timers.setTimeout(async () => {
      const answered = await probe().catch(() => false);
      if (stopped) return;
      if (answered) back();
      else attempt(n + 1);
    }, delays[Math.min(n, delays.length - 1)]);
  };
  attempt(0);
  return () => {
    stopped = true;
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}
