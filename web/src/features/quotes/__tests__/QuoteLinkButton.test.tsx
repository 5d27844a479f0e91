// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen, setUpScreens } from '../../../test/fakeServer';
import { signedIn, stubServices } from '../../../test/services';
import QuoteLinkButton from '../components/QuoteLinkButton';

beforeAll(setUpScreens);
afterEach(() => vi.unstubAllGlobals());

/** A popup window as `window.open` gives it: the test reads where it was sent and whether it closed. */
function fakePopup() {
  const popup = { closed: false, opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn(() => (popup.closed = true)) };
  vi.stubGlobal('open', vi.fn(() => popup));
  return popup;
}

function renderButton(invoke: ReturnType<typeof vi.fn>) {
  renderScreen(<QuoteLinkButton quote={{ _id: 'q1', aId: 'a1' }} />, { services: stubServices({ state: signedIn(), session: { invoke } }) });
  fireEvent.click(screen.getByTestId('quote-link'));
}

describe("the quote's link button", () => {
  it('opens the popup on the click and sends it to the link, the call allowed a minute (it makes the documents)', async () => {
    const popup = fakePopup();
    const invoke = vi.fn(async () => ({ link: 'http://x.localhost/preventivo-email/q1/code' }));
    renderButton(invoke);
    expect(window.open).toHaveBeenCalledWith('about:blank', '_blank', expect.stringContaining('width=900'));
    await waitFor(() => expect(popup.location.href).toBe('http://x.localhost/preventivo-email/q1/code'));
    expect(invoke).toHaveBeenCalledWith('createLinkPreventivo', { pId: 'q1', aId: 'a1' }, { timeoutMs: 60_000 });
    expect(popup.opener).toBeNull();
  });

  it("closes the popup and shows the server's message when the link cannot be made", async () => {
    const popup = fakePopup();
    renderButton(vi.fn(async () => Promise.reject(new Error('Preventivo non trovato'))));
    expect(await screen.findByText('Preventivo non trovato')).toBeTruthy();
    expect(popup.close).toHaveBeenCalledOnce();
    expect(popup.location.href).toBe('about:blank');
  });
});
