// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireEntry } from '../api';
import QuestionnairesSection from '../QuestionnairesSection';
import { fakeServer, renderScreen, setUpScreens } from '../../../test/fakeServer';
import { QUESTIONS } from './fixtures';

const LIST = '/api/needs/questionnaires';
const FIRST = QUESTIONS[0]!;
const ENTRIES: QuestionnaireEntry[] = [
  { kind: 'generale', label: 'Generale (tutti i rami)', version: 2, custom: true, questions: [FIRST] },
  { kind: 'rca', label: 'RC auto', version: 0, custom: false, questions: [FIRST] },
  { kind: 'vita', label: 'Vita', version: 1, custom: true, questions: [FIRST] },
];

/** The section, once the questionnaires have arrived. */
async function open(extra: Record<string, unknown> = {}) {
  const server = fakeServer({
    [`GET ${LIST}`]: { body: ENTRIES },
    [`PUT ${LIST}/generale`]: (body) => ({ body: { ...ENTRIES[0], version: 3, questions: (body as { questions: unknown }).questions } }),
    ...extra,
  });
  renderScreen(<QuestionnairesSection />);
  await screen.findByTestId('needs-version');
  return server;
}

const editors = () => screen.getAllByTestId('needs-question-editor');
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

beforeAll(setUpScreens);
// the notifications' store outlives a test's render: each test reads its own
afterEach(() => notifications.clean());

describe('the questionnaire editor', () => {
  it('builds the body from the questions added, moved and edited, and shows the new version', async () => {
    const server = await open();
    fireEvent.click(await screen.findByTestId('needs-add'));
    const added = editors()[1]!;
    change(within(added).getByTestId('needs-question-text'), '  Quanto vuoi spendere?  ');
    change(within(added).getByTestId('needs-question-id'), 'spesa');
    const [low, high] = within(added).getAllByLabelText(/^Opzione \d$/);
    change(low!, 'Poco');
    change(high!, 'Molto');
    fireEvent.click(within(added).getAllByTestId('needs-option-coerente')[1]!);
    fireEvent.click(within(added).getByTestId('needs-question-required'));
    fireEvent.click(within(added).getByTestId('needs-up'));
    fireEvent.click(screen.getByTestId('needs-save-questionnaire'));
    await screen.findByText('Questionario salvato: versione 3');
    expect(server.calls('PUT', `${LIST}/generale`).map((c) => c.body)).toEqual([
      {
        questions: [
          {
            id: 'spesa',
            text: 'Quanto vuoi spendere?',
            type: 'scelta',
            required: false,
            options: [
              { label: 'Poco', coerente: true },
              { label: 'Molto', coerente: false },
            ],
          },
          FIRST,
        ],
      },
    ]);
    expect(screen.getByTestId('needs-version').textContent).toBe('Versione 3');
  });

  it('sends a text question without options and drops a removed one', async () => {
    const server = await open();
    fireEvent.click(await screen.findByTestId('needs-add'));
    const added = editors()[1]!;
    change(within(added).getByTestId('needs-question-text'), 'Altro?');
    fireEvent.click(within(added).getByLabelText('Testo libero'));
    expect(within(added).queryAllByTestId('needs-option-row')).toHaveLength(0);
    fireEvent.click(within(editors()[0]!).getByTestId('needs-remove'));
    fireEvent.click(screen.getByTestId('needs-save-questionnaire'));
    await waitFor(() => expect(server.calls('PUT', `${LIST}/generale`)).toHaveLength(1));
    expect(server.calls('PUT', `${LIST}/generale`)[0]!.body).toEqual({
      questions: [{ id: 'domanda_2', text: 'Altro?', type: 'testo', required: true, options: [] }],
    });
  });

  it('keeps a choice between 2 and 8 options', async () => {
    await open();
    const question = (await screen.findAllByTestId('needs-question-editor'))[0]!;
    const removeButtons = () => within(question).getAllByRole('button', { name: /^Elimina l'opzione/ });
    expect(removeButtons().every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    const add = within(question).getByTestId('needs-add-option') as HTMLButtonElement;
    for (let i = 0; i < 10; i += 1) fireEvent.click(add);
    expect(within(question).getAllByTestId('needs-option-row')).toHaveLength(8);
    expect(add.disabled).toBe(true);
    expect(removeButtons().every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('names what is wrong and sends nothing', async () => {
    const server = await open();
    fireEvent.click(await screen.findByTestId('needs-add'));
    change(within(editors()[1]!).getByTestId('needs-question-id'), 'veicolo');
    fireEvent.click(screen.getByTestId('needs-save-questionnaire'));
    const problems = await screen.findByTestId('needs-problems');
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Domanda 2: l'identificativo «veicolo» è già usato da un'altra domanda.",
      'Domanda 2: scrivi il testo.',
      'Domanda 2: ogni opzione deve avere un testo.',
    ]);
    expect(server.calls('PUT', `${LIST}/generale`)).toEqual([]);
  });

  it('refuses to empty the general questionnaire', async () => {
    const server = await open();
    fireEvent.click(within((await screen.findAllByTestId('needs-question-editor'))[0]!).getByTestId('needs-remove'));
    fireEvent.click(screen.getByTestId('needs-save-questionnaire'));
    expect((await screen.findByTestId('needs-problems')).textContent).toContain('Il questionario generale deve avere almeno una domanda.');
    expect(server.calls('PUT', `${LIST}/generale`)).toEqual([]);
    expect(screen.queryByTestId('needs-restore')).toBeNull();
  });

  it('names the general questionnaire as the translations do, each ramo as the server does', async () => {
    fakeServer({ [`GET ${LIST}`]: { body: [{ ...ENTRIES[0], label: 'Tutti i rami (predefinito)' }, ...ENTRIES.slice(1)] } });
    renderScreen(<QuestionnairesSection />);
    const kind = (await screen.findByTestId('needs-kind')) as HTMLSelectElement;
    expect([...kind.options].map((o) => o.textContent)).toEqual(['Generale (tutti i rami)', 'RC auto', 'Vita']);
  });

  it("shows a ramo on its standard questions, and restores a ramo of its own to them with an empty list", async () => {
    const server = await open({ [`PUT ${LIST}/vita`]: { body: { ...ENTRIES[2], version: 0, custom: false } } });
    const kind = (await screen.findByTestId('needs-kind')) as HTMLSelectElement;
    change(kind, 'rca');
    expect(screen.getByTestId('needs-version').textContent).toBe('Predefinito');
    expect(screen.getByText(/Questo ramo usa le sue domande standard \(l'RC auto ha le proprie, gli altri rami quelle del questionario generale\)/)).toBeTruthy();
    expect(screen.queryByTestId('needs-restore')).toBeNull();
    change(kind, 'vita');
    expect(screen.getByTestId('needs-version').textContent).toBe('Versione 1');
    fireEvent.click(screen.getByTestId('needs-restore'));
    await screen.findByText('Ripristinate le domande standard per Vita');
    expect(server.calls('PUT', `${LIST}/vita`).map((c) => c.body)).toEqual([{ questions: [] }]);
    expect(screen.getByTestId('needs-version').textContent).toBe('Predefinito');
  });

  it("shows the server's refusal in its words", async () => {
    await open({ [`PUT ${LIST}/generale`]: { status: 400, body: { error: { name: 'ValidationError', message: 'Domanda 1: testo troppo lungo' } } } });
    fireEvent.click(await screen.findByTestId('needs-save-questionnaire'));
    await screen.findByText('Domanda 1: testo troppo lungo');
  });
});
