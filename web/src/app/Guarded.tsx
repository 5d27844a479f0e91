/** A private screen behind its route's gate: the screen, or the 404 of an unknown path. */
import { useMemo, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../features/errors/NotFoundPage';
import { useAccess } from '../session/useAccess';
import { accessOf, type Gate } from './access';

export function guarded(Screen: ComponentType, gate: Gate): ComponentType {
  function GuardedScreen() {
    const { menu, flags, products } = useAccess();
    const params = useParams();
    const lines = useMemo(() => products.map((p) => p.id), [products]);
    const open = useMemo(() => gate(accessOf(menu, flags, lines), params), [menu, flags, lines, params]);
    return open ? <Screen /> : <NotFound />;
  }
  GuardedScreen.displayName = `Guarded(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return GuardedScreen;
}
