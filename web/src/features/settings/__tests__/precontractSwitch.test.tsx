// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext } from '../../../session/context';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';
import { saveSettings } from '../api';
import GeneralSection from '../GeneralSection';

vi.mock('../api', async (original) => ({ ...(await original<typeof import('../api')>()), saveSettings: vi.fn() }));
const save = vi.mocked(saveSettings);
const { shown } = vi.hoisted(() => ({ shown: [] as { color?: string; message: unknown }[] }));
vi.mock('@mantine/notifications', async (original) => ({
  ...(await original<typeof import('@mantine/notifications')>()),
  notifications: { show: (n: { color?: string; message: unknown }) => shown.push(n) },
}));

const TENANT = { title: 'AssicurApp', colors: { primary: '#1c7ed6' }, template: 'default', maxUploadMb: 20, logo: '/logo.png', appName: 'assicurapp' };

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
  await i18next.loadNamespaces('settings');
});

beforeEach(() => {
  save.mockReset();
  save.mockResolvedValue({ ok: true });
  shown.length = 0;
});

function showGeneral(settings: Record<string, unknown>) {
  render(
    <MantineProvider>
      <AppContext.Provider value={stubServices({ state: { settings, tenant: TENANT } })}>
        <GeneralSection />
      </AppContext.Provider>
    </MantineProvider>,
  );
  return screen.getByRole<HTMLInputElement>('switch', { name: /^Consegna dei documenti precontrattuali prima dell'emissione/ });
}

const clickSave = () => act(async () => fireEvent.click(screen.getByTestId('settings-save')));

describe("the pre-contract delivery switch in /impostazioni' General tab", () => {
  it('is off by default, says what it does, and saves only itself when turned on', async () => {
    const toggle = showGeneral({});
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(/L'emissione attende che il cliente confermi, dal link del preventivo/)).toBeTruthy();
    expect(screen.getByText(/un amministratore può procedere indicando il motivo/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await clickSave();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ consegnaPrecontrattuale: true });
    expect(shown.at(-1)?.message).toBe('Impostazioni salvate');
  });

  it('shows a saved setting on and sends false when turned off', async () => {
    const toggle = showGeneral({ consegnaPrecontrattuale: true });
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await clickSave();
    expect(save).toHaveBeenCalledWith({ consegnaPrecontrattuale: false });
  });

  it('reads only a true boolean as on (a stored word is off), and saves nothing unchanged', async () => {
    const toggle = showGeneral({ consegnaPrecontrattuale: 'sì' });
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    await clickSave();
    expect(save).not.toHaveBeenCalled();
    expect(shown.at(-1)?.message).toBe('Nessuna modifica da salvare');
  });

  it("shows the server's message when the save is refused", async () => {
    save.mockRejectedValue(new HttpError('Solo gli amministratori possono farlo', 403));
    fireEvent.click(showGeneral({}));
    await clickSave();
    expect(shown.at(-1)).toMatchObject({ color: 'red', message: 'Solo gli amministratori possono farlo' });
  });
});
