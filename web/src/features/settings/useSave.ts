/** Saving a settings section: the changed fields only, with the server's message on refusal. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notify } from '../quotes/env';
import { saveSettings } from './api';
import { changedFields } from './settingsForm';

export function useSave(saved: Record<string, unknown>) {
  const { t } = useTranslation('settings');
  const [busy, setBusy] = useState(false);
  const save = async (draft: Record<string, unknown>) => {
    const changes = changedFields(saved, draft);
    if (!Object.keys(changes).length) {
      notify.success(t('nothingChanged'));
      return;
    }
    setBusy(true);
    try {
      await saveSettings(changes);
      notify.success(t('saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
