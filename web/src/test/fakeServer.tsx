/** A screen test's kit: a fetch that answers by method and path and records what it was sent, the
 * app's translations loaded, and a render inside the app's providers (with a way to push a new
 * value, as a record changing on the stream would). */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18next, initI18n } from '../lib/i18n';
import { wordingForAppName } from '../lib/wording';
import { AppContext, type AppServices } from '../session/context';
import { stubLayoutApis } from './layoutStubs';
import { signedIn, stubServices } from './services';

/** A JSON answer (`status` 200 unless told), or a `Response` of any kind (a file, a header). */
type Answer = { status?: number; body: unknown } | Response;
export type Reply = Answer | ((body: unknown) => Answer);

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces `fetch`: `routes['PUT /api/…']` answers; anything else is a 404 in the app's shape. */
export function fakeServer(routes: Record<string, Reply>) {
  const sent: Sent[] = [];
  const fetchStub = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    sent.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { error: { message: 'Non trovato' } } });
    if (reply instanceof Response) return reply;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { sent, routes, calls: (method: string, path: string) => sent.filter((s) => s.method === method && s.path === path) };
}

/** The translations a screen test reads. */
const NAMESPACES = ['needs', 'publicQuote', 'quotes', 'privacy', 'settings'];

/** Once per file (`beforeAll(setUpScreens)`): the layout APIs jsdom lacks and the Italian translations. */
export async function setUpScreens() {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
  await i18next.loadNamespaces(NAMESPACES);
}

/** `ui` inside Mantine, the app's stubbed services and a router at `url` (matching `path`). */
export function renderScreen(
  ui: ReactNode,
  { path = '*', url = '/', services = stubServices({ state: signedIn() }) }: { path?: string; url?: string; services?: AppServices } = {},
) {
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [url] });
  return render(
    <MantineProvider>
      <AppContext.Provider value={services}>
        <Notifications />
        <RouterProvider router={router} />
      </AppContext.Provider>
    </MantineProvider>,
  );
}

/** `ui(value)` rendered by {@link renderScreen}; `push(next)` renders it again with `next`, as
 * when the record shown changes on the stream. */
export function renderLive<T>(initial: T, ui: (value: T) => ReactNode) {
  let setValue: (next: T) => void = () => undefined;
  function Live() {
    const [value, set] = useState(initial);
    setValue = set;
    return ui(value);
  }
  const rendered = renderScreen(<Live />);
  return { ...rendered, push: (next: T) => act(async () => setValue(next)) };
}
