// End-to-end: records a broker reads, on assicurapp. A client's fiscal code shows the birth
// date and the town (BNCLCU80A01H501Q: 01/01/1980, Roma); the admin edits the client's PEC,
// address and identity document, a bad PEC is refused in Italian and changes nothing, the
// saved values show on the detail (the expired document badged) and reach the agent's open
// page live; the activity log then reads the change in words, dated dd/mm/yyyy HH:mm. A renewal
// quote shows the policy it renews (number, company, expiry, last premium) and links to it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();

const LIVE = { timeout: 10_000 };
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function openLuca(page) {
  await page.goto(live.server.url('assicurapp', '/clienti?q=Luca%20Bianchi'));
  await page.getByTestId('client-row').filter({ hasText: 'BNCLCU80A01H501Q' }).first().click();
  await page.getByTestId('client-detail').waitFor();
}

describe('records a broker reads', () => {
  test("a client's fiscal code shows the town; an admin's edit is live and reads in words in the log", async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it');
      await openLuca(admin.page);
      await openLuca(agent.page);
      const birth = admin.page.getByTestId('client-birth');
      assert.equal((await birth.textContent())?.trim(), 'Nato il 01/01/1980 a Roma (RM)');
      await expectAccessible(admin.page, 'client detail');

      // a bad PEC: the server's Italian message, nothing saved
      await admin.page.getByTestId('client-edit').click();
      const form = admin.page.getByTestId('client-contacts-form');
      await form.getByLabel('PEC').fill('luca@');
      await form.getByTestId('client-contacts-save').click();
      await admin.page.getByTestId('client-contacts-error').filter({ hasText: 'Indirizzo PEC non valido' }).waitFor();

      await form.getByLabel('PEC').fill('luca.bianchi@pec.it');
      await form.getByLabel('Indirizzo').fill('Via Appia 12, 00179 Roma');
      await form.getByLabel("Documento d'identità").selectOption('ci');
      await form.getByLabel('Numero del documento').fill('CA 12345 AB');
      await form.getByLabel('Scadenza del documento').fill('31/05/2020');
      await form.getByTestId('client-contacts-save').click();
      await form.waitFor({ state: 'detached' });
      const data = admin.page.getByTestId('client-data');
      await data.getByText('luca.bianchi@pec.it').waitFor();
      await data.getByText("Carta d'identità · CA12345AB").waitFor();
      await data.getByText('Scade il 31/05/2020').waitFor();
      await admin.page.getByTestId('client-id-expired').waitFor();

      // the agent's open page reads the client again, live
      await agent.page.getByTestId('client-data').getByText('Via Appia 12, 00179 Roma').waitFor(LIVE);
      assert.equal(await agent.page.getByTestId('client-edit').count(), 1, 'the tree agent may edit too');

      // the activity log reads the change in words
      await admin.page.goto(live.server.url('assicurapp', '/impostazioni?tab=attivita'));
      const row = admin.page.getByTestId('activity-row').filter({ hasText: 'ha modificato il cliente Luca Bianchi' }).first();
      await row.waitFor();
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      assert.match(text, /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      assert.match(text, /Alessandra Amministratrice Amministratore/);
      assert.match(text, /PEC: — → luca\.bianchi@pec\.it/);
      assert.match(text, /Scadenza documento: — → 31\/05\/2020/);
      assert.match(text, /Tipo documento: — → Carta d'identità/);
      assert.doesNotMatch(text, /idExpiry|[0-9a-f]{24}|T\d{2}:\d{2}:\d{2}\.\d+/);
      await expectAccessible(admin.page, 'activity log');

      assert.deepEqual(admin.page.errors, []);
      assert.deepEqual(agent.page.errors, []);
    } finally {
      await admin.context.close();
      await agent.context.close();
    }
  });

  test('a renewal quote shows the policy it renews', async () => {
    // the day's renewals, as the daily job creates them (the e2e server runs no daily jobs)
    execFileSync(join(REPO, '.venv', 'bin', 'sportello'), ['renewals', '--tenant', 'assicurapp'], {
      cwd: REPO, env: { ...process.env, DATA_DIR: live.server.dataDir, ENVIRONMENT: 'development' },
    });
    const agent = await openPage(live.browser);
    try {
      await signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it');
      await agent.page.goto(live.server.url('assicurapp', '/polizze'));
      await agent.page.getByTestId('policy-row').first().waitFor();
      const token = (await agent.context.cookies()).find((cookie) => cookie.name === 't')?.value;
      const policies = await (await live.server.api('assicurapp', '/api/polizze?limit=50', { token })).json();
      const soonest = policies[0]; // soonest end first: renewed by today's run
      // its renewal among the quotes in 'Preventivo di rinnovo'
      await agent.page.goto(live.server.url('assicurapp', '/preventivi'));
      const rows = agent.page.getByTestId('quote-row').filter({ hasText: 'Preventivo di rinnovo' });
      await rows.first().waitFor();
      let card = null;
      for (let i = 0; i < (await rows.count()) && !card; i += 1) {
        await rows.nth(i).click();
        await agent.page.getByTestId('renewal-card').waitFor();
        const text = (await agent.page.getByTestId('renewal-card').innerText()).replace(/\s+/g, ' ');
        if (text.includes(soonest.number)) card = text;
        else await agent.page.goBack();
      }
      assert.ok(card, `no renewal card names ${soonest.number}`);
      assert.match(card, /Allianz/);
      assert.match(card, /\d{2}\/\d{2}\/\d{4}/);
      assert.match(card, /\d+,\d{2} €/);
      await agent.page.getByTestId('renewal-card').getByRole('link', { name: soonest.number }).click();
      await agent.page.waitForURL(/\/polizza\//);
      assert.deepEqual(agent.page.errors, []);
    } finally {
      await agent.context.close();
    }
  });
});
