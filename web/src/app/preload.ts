/**
 * Warm a path's screens before the router asks for them: the same `lazy` loaders the router
 * calls (chunk and translations), so each module is fetched and evaluated once and the
 * navigation then commits without a network wait. Nothing here runs on the login screen's
 * first load: the login form preloads once the user types, a menu entry when the pointer or
 * the keyboard reaches it. A failed preload is forgotten; the navigation reports the error.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

const warmed = new WeakSet<RouteObject>();

export function preloadPath(path: string, table: RouteObject[] = routes): void {
  for (const { route } of matchRoutes(table, path) ?? []) {
    if (typeof route.lazy !== 'function' || warmed.has(route)) continue;
    warmed.add(route);
    route.lazy().catch(() => warmed.delete(route));
  }
}
