/** 'Connessione interrotta' (red, blinking) or 'Connessione ripristinata' (green, 1400 ms). */
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/context';

export function ConnectionBanner() {
  const { banner } = useSession();
  const { t } = useTranslation('layout');
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
