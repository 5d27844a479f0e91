// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../lib/i18n';
import { wordingForAppName } from '../../lib/wording';
import { AppContext, type AppServices } from '../../session/context';
import { LABEL_DELAY_MS, LABEL_SHOWN_MS, NotificationsButton } from '../NotificationsButton';
import { stubLayoutApis } from '../../test/layoutStubs';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

interface Browser {
  permission: NotificationPermission;
  subscribe: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
}

function browserWith(permission: NotificationPermission, subscribe = vi.fn(async () => ({ toJSON: () => ({ endpoint: 'https://push.example/1' }) }))): Browser {
  const register = vi.fn(async () => ({ pushManager: { subscribe } }));
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  return { permission, subscribe, register };
}

function mount() {
  const transmit = vi.fn(async () => undefined);
  const state = {
    phase: 'authenticated', user: { _id: 'me', role: { agent: true } }, settings: { webpush: KEY },
    tenant: { appName: 'assicurapp', BUILD: 'b1', notificationsHelp: '/assicurapp/not.png', wording: wordingForAppName('assicurapp') },
  };
  const services = { session: { getState: () => state, subscribe: () => () => {}, transmit } } as unknown as AppServices;
  render(
    <MantineProvider>
      <AppContext.Provider value={services}>
        <NotificationsButton />
      </AppContext.Provider>
    </MantineProvider>,
  );
  return transmit;
}

const label = () => screen.queryByText('ATTIVA NOTIFICHE');

describe("'ATTIVA NOTIFICHE' (SPEC §2, §4)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows its label 2 s after load for 8 s, then stays as a bell', () => {
    browserWith('default');
    mount();
    act(() => void vi.advanceTimersByTime(LABEL_DELAY_MS - 1));
    expect(label()).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(label()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(LABEL_SHOWN_MS - 1));
    expect(label()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(label()).toBeNull();
    expect(screen.getByRole('button', { name: 'ATTIVA NOTIFICHE' })).toBeTruthy();
    expect([LABEL_DELAY_MS, LABEL_SHOWN_MS]).toEqual([2000, 8000]);
  });

  it('subscribes with the tenant key, tells the server, and hides for good', async () => {
    const browser = browserWith('granted');
    const transmit = mount();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'ATTIVA NOTIFICHE' })));
    expect(browser.register).toHaveBeenCalledWith('/sw.js?build=b1');
    const options = browser.subscribe.mock.calls[0]?.[0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65); // an uncompressed P-256 public key
    expect(transmit).toHaveBeenCalledWith('registerWebPush', { endpoint: 'https://push.example/1' });
    expect(screen.queryByRole('button', { name: 'ATTIVA NOTIFICHE' })).toBeNull();
    expect(localStorage.getItem('notificationsEnabled')).toBe('1');
  });

  it('stays when the subscription fails, so a later click tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    browserWith('granted', vi.fn(async () => Promise.reject(new Error('push service unavailable'))));
    const transmit = mount();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'ATTIVA NOTIFICHE' })));
    expect(transmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'ATTIVA NOTIFICHE' })).toBeTruthy();
    expect(localStorage.getItem('notificationsEnabled')).toBeNull();
  });

  it('explains how to enable them by hand when the browser denies them', async () => {
    browserWith('denied');
    mount();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'ATTIVA NOTIFICHE' })));
    act(() => void vi.advanceTimersByTime(1000)); // the dialog's opening transition
    expect(screen.getByText('Abilita le notifiche manualmente')).toBeTruthy();
    expect(document.querySelector('img[src="/assicurapp/not.png"]')).not.toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Non mostrare più' })));
    expect(localStorage.getItem('notificationsHidden')).toBe('1');
    expect(screen.queryByRole('button', { name: 'ATTIVA NOTIFICHE' })).toBeNull();
  });
});
