// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext } from '../../../session/context';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';
import type { Notice } from '../api';
import NoticeSection from '../NoticeSection';

// The versions arrive when the test says so: an admin may type before they do.
let arrive: (versions: Notice[]) => void = () => undefined;
vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  getNoticeVersions: () => new Promise<Notice[]>((resolve) => (arrive = resolve)),
}));

const CURRENT: Notice = { version: 1, text: 'Informativa in vigore', at: '2026-11-01T10:00:00Z', author: null, default: false };

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
  await i18next.loadNamespaces('privacy');
});

function wrap(ui: ReactNode) {
  return render(
    <MantineProvider>
      <AppContext.Provider value={stubServices()}>{ui}</AppContext.Provider>
    </MantineProvider>,
  );
}

const box = () => screen.getByTestId<HTMLTextAreaElement>('privacy-notice-text');

describe('the privacy notice editor', () => {
  beforeEach(() => {
    arrive = () => undefined;
  });

  it('fills the box with the current text once the versions arrive', async () => {
    wrap(<NoticeSection />);
    await act(async () => arrive([CURRENT]));
    expect(box().value).toBe('Informativa in vigore');
    expect(screen.getAllByTestId('privacy-version-row')).toHaveLength(1);
  });

  it('keeps what the admin typed before the versions arrived', async () => {
    wrap(<NoticeSection />);
    fireEvent.change(box(), { target: { value: 'Testo nuovo' } });
    await act(async () => arrive([CURRENT]));
    expect(box().value).toBe('Testo nuovo');
    expect(screen.getAllByTestId('privacy-version-row')).toHaveLength(1);
  });
});
