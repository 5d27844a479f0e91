// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { HostItem } from '@sportello/host-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderLive, renderScreen, setUpScreens } from '../../../test/fakeServer';
import NeedsCard from '../NeedsCard';
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
        kind: 'rca',
        version: 3,
        answers: [
          { id: 'veicolo', option: 1 },
          { id: 'uso', text: 'Lavoro' },
        ],
      },
    ]);
    expect(screen.getByTestId('needs-answered').textContent).toBe('Risposte del 29/11/2026 11:15, in ufficio con il cliente · Alessandra Neri');
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

  it("shows the questionnaire, who answered, the mismatches and the latest answers' summary", async () => {
    fakeServer({ [`GET ${PATH}`]: { body: ANSWERED_VIEW } });
    renderScreen(<NeedsCard quote={quote} />);
    const alert = await screen.findByTestId('needs-mismatch');
    expect(alert.textContent).toContain('Prodotto non coerente con le esigenze dichiarate');
    expect(alert.textContent).toContain('Possiedi un veicolo a motore?');
    expect(alert.textContent).toContain('«No»');
    expect(screen.getByTestId('needs-questionnaire').textContent).toBe('Questionario: RC auto · versione 3');
    expect(screen.getByTestId('needs-answered').textContent).toContain('dal cliente tramite il link');
    const pdf = screen.getByTestId('needs-pdf');
    expect(pdf.getAttribute('href')).toBe('/api/quotes/q1/needs/pdf');
    expect(pdf.textContent).toBe('Riepilogo delle ultime risposte (PDF)');
    expect(screen.getByTestId('needs-answer-uso').textContent).toContain('Lavoro');
  });

  it('names the general questions and the built-in ones (version 0) in words', async () => {
    fakeServer({ [`GET ${PATH}`]: { body: { ...EMPTY_VIEW, questionnaire: { ...EMPTY_VIEW.questionnaire, kind: 'generale', label: 'Generale (tutti i rami)', version: 0 } } } });
    renderScreen(<NeedsCard quote={quote} />);
    expect((await screen.findByTestId('needs-questionnaire')).textContent).toBe('Questionario: Generale (tutti i rami) · Domande standard');
  });

  it('offers no PDF and no mismatch before any answer', async () => {
    fakeServer({ [`GET ${PATH}`]: { body: EMPTY_VIEW } });
    renderScreen(<NeedsCard quote={quote} />);
    await screen.findByTestId('needs-office-save');
    expect(screen.queryByTestId('needs-pdf')).toBeNull();
    expect(screen.queryByTestId('needs-mismatch')).toBeNull();
  });

  it('says the emission was requested without answers, with no form, once a quote without answers is locked', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: { ...EMPTY_VIEW, locked: true } } });
    renderScreen(<NeedsCard quote={quote} />);
    expect((await screen.findByTestId('needs-locked')).textContent).toBe(
      "L'emissione è già stata richiesta senza risposte al questionario: non si possono più aggiungere.",
    );
    expect(screen.getByTestId('needs-state').textContent).toBe('Senza risposte');
    expect(screen.getByTestId('needs-card').textContent).not.toContain('Compila le risposte insieme al cliente');
    expect(screen.getByTestId('needs-card').textContent).not.toContain('non ha ancora risposto');
    for (const id of ['needs-question-veicolo', 'needs-question-uso', 'needs-office-save', 'needs-office-edit', 'needs-pdf']) expect(screen.queryByTestId(id)).toBeNull();
    expect(server.calls('PUT', PATH)).toEqual([]);
  });

  it('opens the saved answers to editing, and closes them unchanged on Annulla', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: ANSWERED_VIEW } });
    renderScreen(<NeedsCard quote={quote} />);
    fireEvent.click(await screen.findByTestId('needs-office-edit'));
    fireEvent.change(screen.getByTestId('needs-question-uso'), { target: { value: 'Svago' } });
    fireEvent.click(screen.getByTestId('needs-cancel'));
    expect(screen.queryByTestId('needs-question-uso')).toBeNull();
    expect(screen.getByTestId('needs-answer-uso').textContent).toContain('Lavoro');
    fireEvent.click(screen.getByTestId('needs-office-edit'));
    expect((screen.getByTestId('needs-question-uso') as HTMLTextAreaElement).value).toBe('Lavoro');
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
      [`PUT ${PATH}`]: { status: 409, body: { error: { name: 'Conflict', message: 'Il questionario è cambiato: ricarica la pagina' } } },
    });
    renderScreen(<NeedsCard quote={quote} />);
    fireEvent.click(await screen.findByTestId('needs-option-veicolo-0'));
    fireEvent.change(screen.getByTestId('needs-question-uso'), { target: { value: 'Lavoro' } });
    fireEvent.click(screen.getByTestId('needs-office-save'));
    expect((await screen.findByTestId('needs-error')).textContent).toBe('Il questionario è cambiato: ricarica la pagina');
    await waitFor(() => expect(server.calls('GET', PATH)).toHaveLength(2));
  });

  it("stays hidden on a product line's practice (400), and says why the answers cannot be read otherwise", async () => {
    const practice = fakeServer({ [`GET ${PATH}`]: { status: 400, body: { error: { name: 'ClientError', message: 'I documenti precontrattuali si preparano per i preventivi assicurativi' } } } });
    const hidden = renderScreen(<NeedsCard quote={quote} />);
    await waitFor(() => expect(practice.calls('GET', PATH)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('needs-card')).toBeNull());
    hidden.unmount();
    for (const [status, message] of [
      [404, 'Preventivo non trovato'],
      [403, 'Operazione non consentita'],
    ] as const) {
      fakeServer({ [`GET ${PATH}`]: { status, body: { error: { message } } } });
      const shown = renderScreen(<NeedsCard quote={quote} />);
      expect((await screen.findByTestId('needs-failed')).textContent).toBe(message);
      shown.unmount();
    }
    fakeServer({
      [`GET ${PATH}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderScreen(<NeedsCard quote={quote} />);
    expect((await screen.findByTestId('needs-failed')).textContent).toBe('Risposte non disponibili in questo momento: riprova più tardi.');
  });

  it('reads the answers again when the quote’s esigenze summary changes on the stream, and only then', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: EMPTY_VIEW } });
    const { push } = renderLive(quote, (current) => <NeedsCard quote={current} />);
    await screen.findByTestId('needs-office-save');
    expect(server.calls('GET', PATH)).toHaveLength(1);
    // another field of the quote changes: nothing to read
    await push({ ...quote, status: 'Preventivato' });
    expect(server.calls('GET', PATH)).toHaveLength(1);
    server.routes[`GET ${PATH}`] = { body: ANSWERED_VIEW };
    await push({ ...quote, quote: { esigenze: { answeredAt: '2026-11-29T10:15:00Z', channel: 'link', mismatches: [{ question: 'Possiedi un veicolo a motore?', answer: 'No' }] } } });
    await screen.findByTestId('needs-mismatch');
    expect(server.calls('GET', PATH)).toHaveLength(2);
  });

  it('reads the answers again, now locked, when the emission is requested', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: ANSWERED_VIEW } });
    const { push } = renderLive(quote, (current) => <NeedsCard quote={current} />);
    expect((await screen.findByTestId('needs-office-edit')).hasAttribute('disabled')).toBe(false);
    server.routes[`GET ${PATH}`] = { body: { ...ANSWERED_VIEW, locked: true } };
    await push({ ...quote, requestEmission: { at: '2026-11-29T12:00:00Z' } });
    await screen.findByTestId('needs-locked');
    expect(screen.getByTestId('needs-office-edit')).toHaveProperty('disabled', true);
  });
});
