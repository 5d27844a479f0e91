import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { preloadPath } from '../preload';

function table() {
  const layout = vi.fn(async () => ({}));
  const home = vi.fn(async () => ({}));
  const quotes = vi.fn(async () => ({}));
  const login = vi.fn(async () => ({}));
  const routes: RouteObject[] = [
    { path: 'login', lazy: login },
    { lazy: layout, children: [{ index: true, lazy: home }, { path: 'preventivi', lazy: quotes }] },
  ];
  return { routes, layout, home, quotes, login };
}

describe('preloadPath', () => {
  it("loads the path's layout and screen, nothing else", () => {
    const { routes, layout, home, quotes, login } = table();
    preloadPath('/preventivi', routes);
    expect(layout).toHaveBeenCalledOnce();
    expect(quotes).toHaveBeenCalledOnce();
    expect(home).not.toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
  });

  it('loads each route once however often the pointer passes', () => {
    const { routes, layout, home } = table();
    for (let i = 0; i < 5; i += 1) preloadPath('/', routes);
    expect(layout).toHaveBeenCalledOnce();
    expect(home).toHaveBeenCalledOnce();
  });

  it('tries a failed load again next time', async () => {
    const { routes, quotes } = table();
    quotes.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    preloadPath('/preventivi', routes);
    await vi.waitFor(() => expect(quotes).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    preloadPath('/preventivi', routes);
    expect(quotes).toHaveBeenCalledTimes(2);
  });

  it('ignores a path no route matches', () => {
    const { routes, layout } = table();
    expect(() => preloadPath('/nessuna/pagina/qui', routes)).not.toThrow();
    expect(layout).not.toHaveBeenCalled();
  });
});
