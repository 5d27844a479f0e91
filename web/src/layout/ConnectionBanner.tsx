/**
 * 'Connessione interrotta' (red, blinking) or 'Connessione ripristinata' (green, 1400 ms); with
 * no network at all, the read-only notice instead, for as long as the browser is offline.
 */
import { IconCloudOff, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/context';

export function ConnectionBanner() {
  const { banner, offline } = useSession();
  const { t } = useTranslation('layout');
  if (offline) {
    return (
      <div className="connection-banner is-offline" role="status" aria-live="polite" data-testid="offline-banner">
        <IconCloudOff size={16} aria-hidden />
        <span>{t('offline.banner')}</span>
      </div>
    );
  }
  if (!banner) return null;
  const lost = banner === 'lost';
  return (
    <div
      className={`connection-banner ${lost ? 'is-lost' : 'is-restored'}`}
      role="status"
      aria-live="polite"
      data-testid="connection-banner"
    >
      {lost ? <IconPlugConnectedX size={16} /> : <IconPlugConnected size={16} />}
      <span>{t(lost ? 'connection.lost' : 'connection.restored')}</span>
    </div>
  );
}
