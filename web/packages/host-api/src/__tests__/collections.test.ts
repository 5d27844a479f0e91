/**
 * `useCollection` is typed over core's streams and those a module declares by merging into
 * `Collections`: tsc (npm run typecheck) accepts a declared name with its record type and
 * refuses an undeclared one.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { HostContext, HostItem } from '../index';

interface Note {
  _id: string;
  text: string;
}

declare module '../contract' {
  interface Collections {
    'appunti-test/note': Note;
  }
}

/** Checked by tsc only: never run (there is no shell here to give a host). */
function typed(host: HostContext) {
  expectTypeOf(host.useCollection('preventivi')).toEqualTypeOf<Readonly<Record<string, HostItem>>>();
  expectTypeOf(host.useCollection('appunti-test/note')).toEqualTypeOf<Readonly<Record<string, Note>>>();
  // @ts-expect-error a stream no module declared is refused
  host.useCollection('nessuna-linea/nulla');
}

describe('useCollection', () => {
  it("takes core's names and a module's declared ones, with their record types (tsc)", () => {
    expectTypeOf(typed).parameter(0).toEqualTypeOf<HostContext>();
  });
});
