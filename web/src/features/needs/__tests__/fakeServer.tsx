/** The needs screens' test kit: a fetch that answers by method and path and records what it was
 * sent, questions and views to answer with, and a render inside the app's providers. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext } from '../../../session/context';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';

export type Reply = { status?: number; body: unknown } | ((body: unknown) => { status?: number; body: unknown });

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces `fetch`: `routes['PUT /api/…']` answers; anything else is a 404. */
export function fakeServer(routes: Record<string, Reply>) {
  const sent: Sent[] = [];
  const fetchStub = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    sent.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { error: { message: 'Non trovato' } } });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { sent, routes, calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path) };
}

export async function setUpScreens() {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
  await i18next.loadNamespaces(['needs', 'publicQuote', 'quotes', 'privacy', 'settings']);
}

/** `ui` inside Mantine, the app's stubbed services and a router at `url` (matching `path`). */
export function renderScreen(ui: ReactNode, { path = '*', url = '/' }: { path?: string; url?: string } = {}) {
  const state = { phase: 'authenticated', user: { _id: 'me', name: 'Io', role: { admin: true } }, settings: {}, tenant: { appName: 'assicurapp', wording: wordingForAppName('assicurapp'), products: [] } };
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [url] });
  return render(
    <MantineProvider>
      <AppContext.Provider value={stubServices({ state })}>
        <Notifications />
        <RouterProvider router={router} />
      </AppContext.Provider>
    </MantineProvider>,
  );
}
