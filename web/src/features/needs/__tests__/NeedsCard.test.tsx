// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { HostItem } from '@sportello/host-api';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import NeedsCard from '../NeedsCard';
import { fakeServer, renderScreen, setUpScreens } from './fakeServer';
import { ANSWERED_VIEW, EMPTY_VIEW } from './fixtures';

const PATH = '/api/quotes/q1/needs';
const quote: HostItem = { _id: 'q1', quote: {} };

beforeAll(setUpScreens);

describe('the office card', () => {
  it('sends the option index and the text per question id', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: EMPTY_VIEW }, [`PUT ${PATH}`]: { body: { ...ANSWERED_VIEW, assessment: { ...ANSWERED_VIEW.assessment, channel: 'ufficio', answeredBy: 'Alessandra Neri' } } } });
    renderScreen(<NeedsCard quote={quote} />);
    fireEvent.click(await screen.findByTestId('needs-option-veicolo-1'));
    fireEvent.change(screen.getByTestId('needs-question-uso'), { target: { value: '  Lavoro ' } });
    fireEvent.click(screen.getByTestId('needs-office-save'));
    await screen.findByTestId('needs-mismatch');
    expect(server.calls('PUT', PATH).map((c) => c.body)).toEqual([
      {
        version: 3,
        answers: [
          { id: 'veicolo', option: 1 },
          { id: 'uso', text: 'Lavoro' },
        ],
      },
    ]);
    expect(screen.getByTestId('needs-answered').textContent).toBe('Risposte del 29/11/2026 11:15, in ufficio · Alessandra Neri');
  });

  it('blocks the save while a required question is empty, naming it in Italian', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: EMPTY_VIEW } });
    renderScreen(<NeedsCard quote={quote} />);
    fireEvent.change(await screen.findByTestId('needs-question-uso'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('needs-office-save'));
    expect((await screen.findByTestId('needs-error')).textContent).toBe(
      'Rispondi alle 2 domande obbligatorie: «Possiedi un veicolo a motore?», «Come usi il veicolo?»',
    );
    expect(screen.getAllByText('Risposta obbligatoria')).toHaveLength(2);
    expect(server.calls('PUT', PATH)).toEqual([]);
  });

  it('shows who answered, the mismatches and the PDF summary', async () => {
    fakeServer({ [`GET ${PATH}`]: { body: ANSWERED_VIEW } });
    renderScreen(<NeedsCard quote={quote} />);
    const alert = await screen.findByTestId('needs-mismatch');
    expect(alert.textContent).toContain('Prodotto non coerente con le esigenze dichiarate');
    expect(alert.textContent).toContain('Possiedi un veicolo a motore?');
    expect(alert.textContent).toContain('«No»');
    expect(screen.getByTestId('needs-answered').textContent).toContain('dal cliente tramite link');
    expect(screen.getByTestId('needs-pdf').getAttribute('href')).toBe('/api/quotes/q1/needs/pdf');
    expect(screen.getByTestId('needs-answer-uso').textContent).toContain('Lavoro');
  });

  it('offers no PDF and no mismatch before any answer', async () => {
    fakeServer({ [`GET ${PATH}`]: { body: EMPTY_VIEW } });
    renderScreen(<NeedsCard quote={quote} />);
    await screen.findByTestId('needs-office-save');
    expect(screen.queryByTestId('needs-pdf')).toBeNull();
    expect(screen.queryByTestId('needs-mismatch')).toBeNull();
  });

  it('disables the form once the quote is locked', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: { ...EMPTY_VIEW, locked: true } } });
    renderScreen(<NeedsCard quote={quote} />);
    expect(await screen.findByTestId('needs-office-save')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('needs-option-veicolo-0')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('needs-question-uso')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('needs-locked')).toBeTruthy();
    fireEvent.click(screen.getByTestId('needs-office-save'));
    expect(server.calls('PUT', PATH)).toEqual([]);
  });

  it('keeps locked answers closed to editing', async () => {
    fakeServer({ [`GET ${PATH}`]: { body: { ...ANSWERED_VIEW, locked: true } } });
    renderScreen(<NeedsCard quote={quote} />);
    expect(await screen.findByTestId('needs-office-edit')).toHaveProperty('disabled', true);
  });

  it("shows the server's refusal and reads the view again on a conflict", async () => {
    const server = fakeServer({
      [`GET ${PATH}`]: { body: EMPTY_VIEW },
      [`PUT ${PATH}`]: { status: 409, body: { detail: 'Il questionario è cambiato: ricarica la pagina' } },
    });
    renderScreen(<NeedsCard quote={quote} />);
    fireEvent.click(await screen.findByTestId('needs-option-veicolo-0'));
    fireEvent.change(screen.getByTestId('needs-question-uso'), { target: { value: 'Lavoro' } });
    fireEvent.click(screen.getByTestId('needs-office-save'));
    expect((await screen.findByTestId('needs-error')).textContent).toBe('Il questionario è cambiato: ricarica la pagina');
    await waitFor(() => expect(server.calls('GET', PATH)).toHaveLength(2));
  });

  it('stays hidden when the quote has no questionnaire (404), and says why otherwise', async () => {
    fakeServer({ [`GET ${PATH}`]: { status: 404, body: { detail: 'Non trovato' } } });
    const hidden = renderScreen(<NeedsCard quote={quote} />);
    await waitFor(() => expect(screen.queryByTestId('needs-card')).toBeNull());
    hidden.unmount();
    fakeServer({ [`GET ${PATH}`]: { status: 403, body: { error: { message: 'Non puoi vedere questo preventivo' } } } });
    renderScreen(<NeedsCard quote={quote} />);
    expect((await screen.findByTestId('needs-failed')).textContent).toBe('Non puoi vedere questo preventivo');
  });

  it('reads the answers again when the quote’s esigenze summary changes on the stream, and only then', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: EMPTY_VIEW } });
    let push: (next: HostItem) => void = () => undefined;
    function Live() {
      const [current, setCurrent] = useState(quote);
      push = setCurrent;
      return <NeedsCard quote={current} />;
    }
    renderScreen(<Live />);
    await screen.findByTestId('needs-office-save');
    expect(server.calls('GET', PATH)).toHaveLength(1);
    // another field of the quote changes: nothing to read
    await act(async () => push({ ...quote, status: 'Preventivato' }));
    expect(server.calls('GET', PATH)).toHaveLength(1);
    server.routes[`GET ${PATH}`] = { body: ANSWERED_VIEW };
    await act(async () => push({ ...quote, quote: { esigenze: { answeredAt: '2026-11-29T10:15:00Z', channel: 'link', mismatches: [{ question: 'Possiedi un veicolo a motore?', answer: 'No' }] } } }));
    await screen.findByTestId('needs-mismatch');
    expect(server.calls('GET', PATH)).toHaveLength(2);
  });

  it('reads the answers again, now locked, when the emission is requested', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: ANSWERED_VIEW } });
    let push: (next: HostItem) => void = () => undefined;
    function Live() {
      const [current, setCurrent] = useState(quote);
      push = setCurrent;
      return <NeedsCard quote={current} />;
    }
    renderScreen(<Live />);
    expect((await screen.findByTestId('needs-office-edit')).hasAttribute('disabled')).toBe(false);
    server.routes[`GET ${PATH}`] = { body: { ...ANSWERED_VIEW, locked: true } };
    await act(async () => push({ ...quote, requestEmission: { at: '2026-11-29T12:00:00Z' } }));
    await screen.findByTestId('needs-locked');
    expect(screen.getByTestId('needs-office-edit')).toHaveProperty('disabled', true);
  });
});
