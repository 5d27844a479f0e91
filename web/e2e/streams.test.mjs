// End-to-end: a product line's own stream reaches its screen through the shell, with no list of
// streams in the shell. The car-rental catalogue (stream `noleggio-auto/auto`) is synced at
// login, follows a change another user makes, and leaves live when an admin switches the line
// off for the tenant; switched on again, the shell syncs it anew and the list is back.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { liveSuite, openPage, signIn, test } from './harness.mjs';

const TENANT = 'assicurapp';
const STREAM = 'noleggio-auto/auto';
const live = liveSuite();

/** The `getDbData` requests the page sends on its socket, as parsed objects. */
function syncRequests(page) {
  const sent = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"getDbData"')) return;
      try {
        sent.push(JSON.parse(payload).data);
      } catch {
        /* not a JSON frame */
      }
    }),
  );
  return sent;
}

describe("a line's stream drives its screen", () => {
  test('the catalogue shows its synced cars, follows another user live, and leaves when the line is switched off', async () => {
    const admin = await openPage(live.browser);
    const colleague = await openPage(live.browser);
    const owner = await openPage(live.browser);
    try {
      const asked = syncRequests(admin.page);
      await signIn(admin.context, live.server, TENANT, 'admin@demo.it');
      await admin.page.goto(live.server.url(TENANT, '/noleggio-auto/catalogo'));
      await admin.page.getByTestId('car-row').first().waitFor();
      const before = await admin.page.getByTestId('car-row').count();
      assert.ok(before >= 5, `${before} cars`);
      // the stream came from the list the server sent, beside core's
      assert.ok(asked.some((request) => request && STREAM in request && !('wm' in request)), JSON.stringify(asked));
      assert.equal(await admin.page.locator('[data-menu-key="noleggio-auto"]').count(), 1);

      // another user adds a car: it appears on the admin's open list, with no reload
      await signIn(colleague.context, live.server, TENANT, 'responsabile@demo.it');
      await colleague.page.goto(live.server.url(TENANT, '/noleggio-auto/catalogo'));
      await colleague.page.getByTestId('car-add').click();
      await colleague.page.getByTestId('car-name').fill('Dacia Spring Electric');
      await colleague.page.getByTestId('offer-canone').fill('199');
      await colleague.page.getByTestId('car-save').click();
      await colleague.page.getByText('Auto salvata').waitFor();
      await admin.page.getByTestId('car-row').filter({ hasText: 'Dacia Spring Electric' }).waitFor({ timeout: 10_000 });
      assert.equal(await admin.page.getByTestId('car-row').count(), before + 1);
      await admin.page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/streams-catalogue-live.png` });

      // the tenant's owner switches the line off: the list, its menu entry and its route leave
      await signIn(owner.context, live.server, TENANT, 'admin@demo.it');
      await owner.page.goto(live.server.url(TENANT, '/impostazioni?tab=prodotti'));
      const line = owner.page.getByRole('switch', { name: 'Noleggio auto' });
      await line.waitFor();
      await line.click({ force: true }); // the track covers the input; the server's answer sets it
      await owner.page.locator('[data-testid="line-noleggio-auto"]:not(:checked)').waitFor();
      await admin.page.getByTestId('car-row').first().waitFor({ state: 'detached', timeout: 10_000 });
      await admin.page.locator('[data-menu-key="noleggio-auto"]').waitFor({ state: 'detached', timeout: 10_000 });
      await admin.page.getByTestId('not-found').waitFor();
      await colleague.page.getByTestId('car-row').first().waitFor({ state: 'detached', timeout: 10_000 });
      await admin.page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/streams-line-off.png` });

      // switched on again: the shell asks for the stream anew, in full, and the list is back
      const asks = asked.length;
      await line.click({ force: true });
      await owner.page.locator('[data-testid="line-noleggio-auto"]:checked').waitFor();
      await admin.page.locator('[data-menu-key="noleggio-auto"]').waitFor({ timeout: 10_000 });
      await admin.page.getByTestId('car-row').filter({ hasText: 'Dacia Spring Electric' }).waitFor({ timeout: 10_000 });
      const again = asked.slice(asks);
      assert.ok(again.some((request) => request && STREAM in request && !('wm' in request)), JSON.stringify(again));
      assert.deepEqual([...admin.page.errors, ...colleague.page.errors, ...owner.page.errors], []);
    } finally {
      await admin.context.close();
      await colleague.context.close();
      await owner.context.close();
    }
  });
});
