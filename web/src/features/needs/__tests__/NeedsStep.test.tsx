// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import PublicQuotePage from '../../public-quote/PublicQuotePage';
import type { NeedsView } from '../api';
import { fakeServer, renderScreen, setUpScreens } from '../../../test/fakeServer';
import { ANSWERED_VIEW, EMPTY_VIEW } from './fixtures';

const BASE = '/api/public/quotes/q1/c0de';
const NEEDS = `${BASE}/needs`;
const PRECONTRACT = `${BASE}/precontract`;

const QUOTE = { _id: 'q1', type: null, productName: 'RC auto', status: 'Preventivato', at: '2026-11-28T09:00:00Z', customer: 'Mario Rossi', usrData: [], offers: [], priced: true };
const doc = (index: number, kind: string, title: string) => ({ index, kind, title, name: `${kind}.pdf`, sha256: 'a'.repeat(64), size: 10 });
const SET = { version: 1, documents: [doc(0, 'allegato3', 'Allegato 3')], email: 'm***@example.it', confirmedAt: null, codeSentAt: null };
const SET_WITH_ANSWERS = { ...SET, version: 2, documents: [...SET.documents, doc(1, 'esigenze', 'Richieste ed esigenze')] };

function open(needs: NeedsView, extra: Record<string, unknown> = {}, quote: Record<string, unknown> = QUOTE) {
  const server = fakeServer({
    [`GET ${BASE}`]: { body: { quote, expiresAt: null } },
    [`GET ${NEEDS}`]: { body: needs },
    [`GET ${PRECONTRACT}`]: { body: SET },
    ...extra,
  });
  renderScreen(<PublicQuotePage />, { path: '/:id/:code', url: '/q1/c0de' });
  return server;
}

beforeAll(setUpScreens);

describe("the customer's demands-and-needs step", () => {
  it('comes before the pre-contract documents', async () => {
    open(EMPTY_VIEW);
    const step = await screen.findByTestId('needs-step');
    const documents = await screen.findByTestId('precontract');
    expect(step.compareDocumentPosition(documents) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(step.textContent).toContain('Le tue richieste ed esigenze');
  });

  it('saves the answers, shows them, and reads the pre-contract set again (now with the summary)', async () => {
    const server = open(EMPTY_VIEW, { [`PUT ${NEEDS}`]: { body: ANSWERED_VIEW } });
    await screen.findByTestId('precontract-doc-allegato3');
    expect(server.calls('GET', PRECONTRACT)).toHaveLength(1);
    server.routes[`GET ${PRECONTRACT}`] = { body: SET_WITH_ANSWERS };
    fireEvent.click(await screen.findByTestId('needs-option-veicolo-1'));
    fireEvent.change(screen.getByTestId('needs-question-uso'), { target: { value: 'Lavoro' } });
    fireEvent.click(screen.getByTestId('needs-save'));
    await screen.findByTestId('needs-saved');
    expect(server.calls('PUT', NEEDS).map((c) => c.body)).toEqual([{ kind: 'rca', version: 3, answers: [{ id: 'veicolo', option: 1 }, { id: 'uso', text: 'Lavoro' }] }]);
    expect((await screen.findByTestId('precontract-doc-esigenze')).textContent).toBe('Richieste ed esigenze');
    expect(server.calls('GET', PRECONTRACT)).toHaveLength(2);
  });

  it('blocks the save while a required question is empty', async () => {
    const server = open(EMPTY_VIEW);
    fireEvent.click(await screen.findByTestId('needs-option-veicolo-0'));
    fireEvent.click(screen.getByTestId('needs-save'));
    expect((await screen.findByTestId('needs-error')).textContent).toBe('Rispondi alla domanda obbligatoria: «Come usi il veicolo?»');
    expect(server.calls('PUT', NEEDS)).toEqual([]);
    expect(server.calls('GET', PRECONTRACT)).toHaveLength(1);
  });

  it('warns of the mismatches, lists them, and lets the customer change the answers', async () => {
    open(ANSWERED_VIEW);
    const alert = await screen.findByTestId('needs-mismatch');
    expect(alert.textContent).toContain("Alcune risposte indicano che il prodotto proposto potrebbe non rispondere alle tue esigenze: parlane con l'intermediario prima di firmare.");
    expect(alert.textContent).toContain('Possiedi un veicolo a motore?');
    fireEvent.click(screen.getByTestId('needs-edit'));
    // the form opens on the saved answers
    const group = screen.getByTestId('needs-question-veicolo');
    expect(within(group).getByTestId('needs-option-veicolo-1').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('needs-question-uso') as HTMLTextAreaElement).value).toBe('Lavoro');
  });

  it('shows no warning when every answer fits', async () => {
    open({ ...ANSWERED_VIEW, assessment: { ...ANSWERED_VIEW.assessment!, mismatches: [] } });
    await screen.findByTestId('needs-saved');
    expect(screen.queryByTestId('needs-mismatch')).toBeNull();
  });

  it('offers no change once locked', async () => {
    open({ ...ANSWERED_VIEW, locked: true });
    await screen.findByTestId('needs-saved');
    expect(screen.queryByTestId('needs-edit')).toBeNull();
    expect(screen.queryByTestId('needs-save')).toBeNull();
  });

  it('locks the answers once the customer asks for the emission', async () => {
    const server = open(ANSWERED_VIEW, {
      [`POST ${BASE}/emission`]: { body: { requestEmission: { at: '2026-11-29T12:00:00Z' }, status: 'Emissione richiesta' } },
    });
    await screen.findByTestId('needs-edit');
    server.routes[`GET ${NEEDS}`] = { body: { ...ANSWERED_VIEW, locked: true } };
    fireEvent.click(screen.getByTestId('public-request'));
    await screen.findByTestId('public-emission-done');
    await waitFor(() => expect(screen.queryByTestId('needs-edit')).toBeNull());
    expect(screen.getByTestId('needs-saved').textContent).toContain('non si possono più modificare');
  });

  it("shows the server's refusal in its words and keeps the set as it was", async () => {
    const server = open(EMPTY_VIEW, { [`PUT ${NEEDS}`]: { status: 400, body: { error: { name: 'ClientError', message: 'Manca la risposta a una domanda obbligatoria' } } } });
    fireEvent.click(await screen.findByTestId('needs-option-veicolo-0'));
    fireEvent.change(screen.getByTestId('needs-question-uso'), { target: { value: 'Lavoro' } });
    fireEvent.click(screen.getByTestId('needs-save'));
    expect((await screen.findByTestId('needs-error')).textContent).toBe('Manca la risposta a una domanda obbligatoria');
    expect(server.calls('GET', PRECONTRACT)).toHaveLength(1);
  });

  it('stays hidden on an issued quote', async () => {
    const server = open(EMPTY_VIEW, {}, { ...QUOTE, issued: { number: 'P1' } });
    await screen.findByTestId('public-issued');
    expect(screen.queryByTestId('needs-step')).toBeNull();
    expect(server.calls('GET', NEEDS)).toEqual([]);
  });

  it('stays hidden on a rental quote', async () => {
    const server = open(EMPTY_VIEW, {}, { ...QUOTE, type: 'noleggio', price: { durata: 36 } });
    await screen.findByTestId('public-quote');
    expect(screen.queryByTestId('needs-step')).toBeNull();
    expect(server.calls('GET', NEEDS)).toEqual([]);
  });

  it('shows a bare refusal ({detail}) in its words too', async () => {
    open(EMPTY_VIEW, { [`PUT ${NEEDS}`]: { status: 413, body: { status_code: 413, detail: 'Richiesta troppo grande' } } });
    fireEvent.click(await screen.findByTestId('needs-option-veicolo-0'));
    fireEvent.change(screen.getByTestId('needs-question-uso'), { target: { value: 'Lavoro' } });
    fireEvent.click(screen.getByTestId('needs-save'));
    expect((await screen.findByTestId('needs-error')).textContent).toBe('Richiesta troppo grande');
  });

  it('stays hidden when the quote has no questionnaire', async () => {
    const server = open(EMPTY_VIEW, { [`GET ${NEEDS}`]: { status: 404, body: { error: { name: 'NotFound', message: 'Nessun questionario per questo preventivo' } } } });
    await screen.findByTestId('precontract');
    // the refusal has arrived (and been handled): only now does "hidden" say something
    await waitFor(() => expect(server.calls('GET', NEEDS)).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByTestId('needs-step')).toBeNull();
    expect(screen.queryByTestId('needs-failed')).toBeNull();
  });

  it('says why the questions cannot be read (too many requests, no network), and reads them again on Riprova', async () => {
    const server = open(EMPTY_VIEW, { [`GET ${NEEDS}`]: { status: 429, body: { error: { name: 'TooManyRequests', message: 'Troppe richieste: riprova più tardi' } } } });
    const step = await screen.findByTestId('needs-step');
    expect(within(step).getByTestId('needs-failed').textContent).toBe('Troppe richieste: riprova più tardi');
    server.routes[`GET ${NEEDS}`] = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(within(step).getByTestId('needs-retry'));
    await waitFor(() => expect(screen.getByTestId('needs-failed').textContent).toBe('Le domande non si possono caricare in questo momento: riprova tra poco.'));
    server.routes[`GET ${NEEDS}`] = { body: EMPTY_VIEW };
    fireEvent.click(screen.getByTestId('needs-retry'));
    await screen.findByTestId('needs-save');
    expect(screen.queryByTestId('needs-failed')).toBeNull();
    expect(server.calls('GET', NEEDS)).toHaveLength(3);
  });
});
