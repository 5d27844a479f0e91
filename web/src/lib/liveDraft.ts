/**
 * A form's draft over a value that changes live on the server.
 *
 * When the server's value changes while someone edits, the fields they touched keep their edits
 * and every other field takes the new value: an edit is never lost to someone else's change, and
 * no one else's change is undone by a save of stale fields.
 */
import { useCallback, useState } from 'react';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `draft` moved onto `live`: the fields still as in `base` (untouched) take `live`'s value. */
export function rebase<T extends object>(draft: T, base: T, live: T): T {
  const merged = { ...live };
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (!same(draft[key], base[key])) merged[key] = draft[key];
  }
  return merged;
}

interface State<T> {
  draft: T;
  /** The server's value the draft was last moved onto. */
  base: T;
  key: string;
}

type SetDraft<T> = (next: T | ((draft: T) => T)) => void;

/** `[draft, setDraft]` for a form of `live`; see the module's docstring. `setDraft` takes the
 * next draft, or a function of the current one (for several changes in one event). */
export function useLiveDraft<T extends object>(live: T): [T, SetDraft<T>] {
  const key = JSON.stringify(live);
  const [state, setState] = useState<State<T>>(() => ({ draft: live, base: live, key }));
  const setDraft = useCallback<SetDraft<T>>(
    (next) =>
      setState((current) => ({ ...current, draft: typeof next === 'function' ? next(current.draft) : next })),
    [],
  );
  if (state.key !== key) {
    // adjusted while rendering, so no frame shows the draft over the old value
    const moved = { draft: rebase(state.draft, state.base, live), base: live, key };
    setState(moved);
    return [moved.draft, setDraft];
  }
  return [state.draft, setDraft];
}
