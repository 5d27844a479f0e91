// End-to-end: the chat on assicurapp (SPEC §2, §3, §9). An agent opens 'CHATTA CON NOI' and
// writes; an admin in a second browser sees the menu chip rise live, opens the room (the chip
// falls) and answers; the agent sees the answer live. Enter sends, Shift+Enter adds a line,
// markup stays text and links are links. A quote's CHAT badge counts the unread messages of
// that quote's room, live. The OTP dialog opens for an admin and not for an agent, and the code
// typed there reaches an integration waiting on the server.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, login, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();

const LIVE = { timeout: 10_000 };
const count = (page, testId) =>
  page.evaluate((id) => Number(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? 0), testId);
const waitCount = (page, testId, test, value) =>
  page.waitForFunction(
    ([id, wanted, kind]) => {
      const n = Number(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? 0);
      return kind === 'above' ? n > wanted : n <= wanted;
    },
    [testId, value, test],
    LIVE,
  );

describe('the chat (SPEC §2, §3, §9)', () => {
  test('support chat live between an agent and an admin; a quote room on its CHAT badge', async () => {
    const agent = await openPage(live.browser);
    const admin = await openPage(live.browser);
    try {
      await Promise.all([
        login(agent.page, live.server, 'assicurapp', 'agente@demo.it'),
        signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it'),
      ]);
      await admin.page.goto(live.server.url('assicurapp', '/chat'));
      await admin.page.getByTestId('chat-rooms').waitFor(LIVE);
      // the server's unread counts come after the rooms: the demo's quote room holds three
      // messages the admin has not seen, so the chip shows once they are in
      await waitCount(admin.page, 'chip-chat', 'above', 0);
      const chipBefore = await count(admin.page, 'chip-chat');

      // the agent: Assistenza → CHATTA CON NOI → the support room
      await agent.page.getByTestId('support-button').click();
      await agent.page.getByTestId('support-chat').click();
      await agent.page.waitForURL(/\/chat\/[0-9a-f]+$/, LIVE);
      const composer = agent.page.getByTestId('chat-composer');
      await composer.fill('Buongiorno, ho un dubbio su <b>una polizza</b>');
      await composer.press('Shift+Enter');
      await composer.pressSequentially('vedi https://esempio.it/guida');
      await composer.press('Enter');
      const sent = agent.page.getByTestId('chat-message').filter({ hasText: 'ho un dubbio' });
      await sent.waitFor(LIVE);
      assert.match(await sent.innerText(), /<b>una polizza<\/b>\nvedi https:\/\/esempio\.it\/guida/);
      assert.equal(await sent.getByRole('link', { name: 'https://esempio.it/guida' }).getAttribute('rel'), 'noopener noreferrer nofollow');
      assert.equal(await composer.inputValue(), '');
      await expectAccessible(agent.page, 'chat room');

      // the admin's chip rises live, then falls once the room is open
      await waitCount(admin.page, 'chip-chat', 'above', chipBefore);
      await admin.page.getByTestId('chat-room').filter({ hasText: 'Mario Rossi' }).first().click();
      await admin.page.getByTestId('chat-message').filter({ hasText: 'ho un dubbio' }).waitFor(LIVE);
      await waitCount(admin.page, 'chip-chat', 'atMost', chipBefore);
      await expectAccessible(admin.page, 'chat (admin)');

      // the admin answers; the agent sees it live
      await admin.page.getByTestId('chat-composer').fill('Eccomi, dimmi pure');
      await admin.page.getByTestId('chat-send').click();
      await agent.page.getByTestId('chat-message').filter({ hasText: 'Eccomi, dimmi pure' }).waitFor(LIVE);

      // the admin sends a file with no text: the agent downloads it from the message
      const pdf = Buffer.from('%PDF-1.4\n%modulo\n');
      await admin.page.locator('input[type=file]').setInputFiles({ name: 'modulo adesione.pdf', mimeType: 'application/pdf', buffer: pdf });
      await admin.page.getByTestId('chat-pending').filter({ hasText: 'modulo adesione.pdf' }).waitFor(LIVE);
      await admin.page.getByTestId('chat-send').click();
      await admin.page.getByTestId('chat-pending').waitFor({ state: 'detached', ...LIVE });
      const file = agent.page.getByTestId('chat-attachment').filter({ hasText: 'modulo adesione.pdf' });
      await file.waitFor(LIVE);
      const href = await file.getAttribute('href');
      assert.match(href, /^\/download\/assicurapp\/.+\?n=modulo%20adesione\.pdf$/);
      const fetched = await agent.page.evaluate(async (url) => {
        const response = await fetch(url, { credentials: 'same-origin' });
        return [response.status, await response.text()];
      }, href);
      assert.deepEqual(fetched, [200, pdf.toString()]);

      // a quote's room: the admin's CHAT badge on the quote counts the agent's new message
      await agent.page.goto(live.server.url('assicurapp', '/preventivi'));
      await agent.page.getByTestId('quote-row').first().click();
      await agent.page.waitForURL(/\/preventivi\/[0-9a-f]+$/, LIVE);
      const quoteUrl = new URL(agent.page.url()).pathname;
      await admin.page.goto(live.server.url('assicurapp', quoteUrl));
      await admin.page.getByTestId('chat-button').waitFor(LIVE);
      const badgeBefore = await count(admin.page, 'chat-unread');
      await agent.page.getByTestId('chat-button').click();
      await agent.page.waitForURL(/\/chat\/[0-9a-f]+$/, LIVE);
      await agent.page.getByTestId('chat-composer').fill('Il cliente vuole anche la cristalli');
      await agent.page.getByTestId('chat-composer').press('Enter');
      await waitCount(admin.page, 'chat-unread', 'above', badgeBefore);
      for (const side of [agent, admin]) assert.deepEqual(side.page.errors, []);
    } finally {
      await Promise.all([agent, admin].map((side) => side.context.close()));
    }
  });

  test('the OTP dialog: an admin gives the code a waiting integration asked for', async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    try {
      await Promise.all([
        login(admin.page, live.server, 'assicurapp', 'admin@demo.it'),
        login(agent.page, live.server, 'assicurapp', 'agente@demo.it'),
      ]);
      const { token } = await (await live.server.api('assicurapp', '/api/auth/login', {
        method: 'POST', json: { email: 'admin@demo.it', password: 'demo1234', keep: false },
      })).json();
      // the integration asks and waits (up to 30 s) for the code
      const waiting = live.server.api('assicurapp', '/api/otp', { method: 'POST', json: { company: 'Allianz', waitS: 30 }, token });
      const dialog = admin.page.getByTestId('otp-code');
      await dialog.waitFor(LIVE);
      await expectAccessible(admin.page, 'OTP dialog');
      const submit = admin.page.getByTestId('otp-submit');
      await dialog.fill('1234');
      assert.equal(await submit.isDisabled(), true); // at least 5 characters
      await dialog.fill('12345678');
      assert.equal(await dialog.inputValue(), '123456'); // at most 6
      await submit.click();
      const answer = await waiting;
      assert.equal(answer.status, 201, answer.text);
      assert.deepEqual(await answer.json(), { company: 'Allianz', code: '123456' });
      await dialog.waitFor({ state: 'detached', ...LIVE });
      assert.equal(await agent.page.getByTestId('otp-code').count(), 0); // never for an agent
      for (const side of [agent, admin]) assert.deepEqual(side.page.errors, []);
    } finally {
      await Promise.all([agent, admin].map((side) => side.context.close()));
    }
  });
});
