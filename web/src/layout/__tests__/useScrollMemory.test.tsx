// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTORE_DELAY_MS, SCROLL_LOG_DEBOUNCE_MS, useScrollMemory } from '../useScrollMemory';

function Page() {
  useScrollMemory();
  return null;
}

describe('scroll memory', () => {
  afterEach(() => vi.useRealTimers());

  it("does not take the previous page's scroll for the new page's", () => {
    vi.useFakeTimers();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    Object.defineProperty(window, 'scrollY', { value: 592, configurable: true });
    render(
      <MemoryRouter initialEntries={['/utenti/u1']}>
        <Page />
      </MemoryRouter>,
    );
    // the browser clamps the list's scroll on arrival: a scroll event before the restore
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(SCROLL_LOG_DEBOUNCE_MS);
    vi.advanceTimersByTime(RESTORE_DELAY_MS);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0 });
    vi.unstubAllGlobals();
  });
});
