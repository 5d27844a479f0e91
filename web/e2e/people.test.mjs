// End-to-end: people and the tenant on assicurapp (SPEC §2, §3, §6). An admin invites an agent;
// the invitation mail (dev outbox) opens the registration page and the new agent logs in; the
// admin makes them a sub-agent of agente@demo.it with a 10% rate and 23% withholding and the
// employee's /Agenti (the agents' tree opens from the users' list: admin and employee) shows
// them live; the admin suspends them and their open browser is logged out
// at once; the admin changes the primary colour and the support text and a second browser shows
// both without reload; a document uploaded to the document area appears live for the employee and
// downloads.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();

const LIVE = { timeout: 10_000 };
const NEW_AGENT = { name: 'Nadia Nuovi', email: 'nadia.nuovi@demo.it', password: 'Girasole-Lungotevere-2027' };

async function tokenOf(context) {
  return (await context.cookies()).find((cookie) => cookie.name === 't')?.value;
}

/** The registration path in the newest invitation mail to `email` (development outbox). */
async function invitationPath(token, email) {
  const response = await live.server.api('assicurapp', '/api/admin/outbox', { token });
  const mail = (await response.json()).find((m) => m.to === email);
  assert.ok(mail, `no invitation for ${email}`);
  return new URL(mail.text.match(/https?:\/\/\S+\/registrazione\/\S+/)[0]).pathname;
}

describe('people and the tenant (SPEC §2, §3, §6)', () => {
  test('invite, register, sub-agent live, suspension, live settings, document area', async () => {
    const admin = await openPage(live.browser);
    const watcher = await openPage(live.browser);
    const newcomer = await openPage(live.browser);
    try {
      // the admin invites an agent from /utenti
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/utenti'));
      await admin.page.getByTestId('user-row').first().waitFor();
      await expectAccessible(admin.page, 'users list');
      await admin.page.getByTestId('invite-open').click();
      await admin.page.getByTestId('invite-name').fill(NEW_AGENT.name);
      await admin.page.getByTestId('invite-email').fill(NEW_AGENT.email);
      await admin.page.getByTestId('invite-send').click();
      await admin.page.getByTestId('invite-form').waitFor({ state: 'detached' });
      await admin.page.getByTestId('user-row').filter({ hasText: NEW_AGENT.email }).waitFor(LIVE);

      // the mail's link opens the registration page; the new agent chooses a password and logs in
      const path = await invitationPath(await tokenOf(admin.context), NEW_AGENT.email);
      await newcomer.page.goto(live.server.url('assicurapp', path));
      await newcomer.page.getByLabel('Nuova password').fill(NEW_AGENT.password);
      await newcomer.page.getByLabel('Ripeti la password').fill(NEW_AGENT.password);
      await newcomer.page.getByRole('button', { name: 'Completa la registrazione' }).click();
      await newcomer.page.waitForURL(/\/login/);
      await newcomer.page.getByLabel('Email').fill(NEW_AGENT.email);
      await newcomer.page.getByLabel('Password', { exact: true }).fill(NEW_AGENT.password);
      await newcomer.page.getByRole('button', { name: 'Accedi' }).click();
      await newcomer.page.getByTestId('side-menu').waitFor();

      // the employee watches /Agenti
      await signIn(watcher.context, live.server, 'assicurapp', 'dipendente@demo.it');
      await watcher.page.goto(live.server.url('assicurapp', '/Agenti'));
      await watcher.page.getByTestId('agent-row').first().waitFor();
      assert.equal(await watcher.page.getByTestId('subagent-row').filter({ hasText: NEW_AGENT.name }).count(), 0);
      await expectAccessible(watcher.page, 'agents (employee)');

      // the admin makes the new agent a sub-agent with a 10% rate and 23% withholding
      await admin.page.getByTestId('user-row').filter({ hasText: NEW_AGENT.email }).click();
      await admin.page.getByTestId('user-detail').waitFor();
      await admin.page.getByTestId('user-parent').selectOption({ label: 'Mario Rossi' });
      await admin.page.getByTestId('user-rate-default').fill('10');
      await admin.page.getByTestId('user-ritenuta').fill('23');
      await admin.page.getByTestId('user-save').click();
      await admin.page.getByText('Utente aggiornato').waitFor(LIVE);
      await expectAccessible(admin.page, 'user detail');

      // live on the employee's /Agenti, under its parent, with no reload
      await watcher.page.getByTestId('subagent-row').filter({ hasText: NEW_AGENT.name }).waitFor(LIVE);

      // a role change ends the new agent's sessions; they log in again, then get suspended
      await newcomer.page.getByRole('button', { name: 'Accedi' }).waitFor(LIVE);
      await newcomer.page.getByLabel('Email').fill(NEW_AGENT.email);
      await newcomer.page.getByLabel('Password', { exact: true }).fill(NEW_AGENT.password);
      await newcomer.page.getByRole('button', { name: 'Accedi' }).click();
      await newcomer.page.getByTestId('side-menu').waitFor();
      await admin.page.getByTestId('user-suspend').click();
      await admin.page.getByTestId('user-suspended').waitFor(LIVE);
      await newcomer.page.getByRole('button', { name: 'Accedi' }).waitFor(LIVE);
      assert.equal(await newcomer.page.getByTestId('side-menu').count(), 0);
      await newcomer.page.getByLabel('Email').fill(NEW_AGENT.email);
      await newcomer.page.getByLabel('Password', { exact: true }).fill(NEW_AGENT.password);
      await newcomer.page.getByRole('button', { name: 'Accedi' }).click();
      await newcomer.page.getByText(/sospeso il .* da Alessandra Amministratrice/).first().waitFor(LIVE);

      // the admin changes the primary colour and the support text; the employee's open browser follows
      const primary = () => watcher.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-primary-filled').trim());
      assert.notEqual(await primary(), '#aa3300');
      await admin.page.goto(live.server.url('assicurapp', '/impostazioni'));
      await admin.page.getByTestId('settings-color-primary').fill('#aa3300');
      await admin.page.getByTestId('settings-support').fill('<p>Ufficio polizze: <b>06 555 0101</b></p>');
      await admin.page.getByTestId('settings-save').click();
      await admin.page.getByText('Impostazioni salvate').waitFor(LIVE);
      await expectAccessible(admin.page, 'settings');
      await watcher.page.waitForFunction(
        () => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-primary-filled').trim() === '#aa3300',
        null,
        LIVE,
      );
      await watcher.page.getByTestId('support-button').click();
      await watcher.page.getByRole('dialog').getByText('06 555 0101').waitFor(LIVE);
      await watcher.page.keyboard.press('Escape');

      // a document uploaded to the document area appears live for the employee and downloads
      await admin.page.goto(live.server.url('assicurapp', '/area-documentale'));
      await admin.page.getByTestId('folder-new').click();
      await admin.page.getByTestId('folder-name').fill('Modulistica');
      await admin.page.getByTestId('folder-save').click();
      await admin.page.getByTestId('area-folder').filter({ hasText: 'Modulistica' }).click();
      await watcher.page.goto(admin.page.url());
      await watcher.page.getByText('Nessun documento.').waitFor(LIVE);
      const chooser = admin.page.waitForEvent('filechooser');
      await admin.page.getByTestId('area-upload').click();
      await (await chooser).setFiles({ name: 'Listino 2027.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%listino\n') });
      const row = watcher.page.getByTestId('area-file').filter({ hasText: 'Listino 2027.pdf' });
      await row.waitFor(LIVE);
      await expectAccessible(watcher.page, 'document area folder (employee)');
      const download = watcher.page.waitForEvent('download');
      await row.getByTestId('area-download').click();
      const file = await download;
      assert.equal(file.suggestedFilename(), 'Listino 2027.pdf');

      for (const { page } of [admin, watcher, newcomer]) assert.deepEqual(page.errors, []);
    } finally {
      await Promise.all([admin, watcher, newcomer].map(({ context }) => context.close()));
    }
  });
});
