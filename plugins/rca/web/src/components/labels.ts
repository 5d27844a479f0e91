/** How a plate's values read on screen, in the user's language. */
import type { TFunction } from 'i18next';
import { formatDay } from '@sportello/host-api';
import type { VehicleKind } from '../lib/plates';
import type { Registration } from '../lib/records';

/** 'Autovettura', 'Motociclo'…; '—' for a kind this module does not know. */
export function kindLabel(t: TFunction, kind: VehicleKind | ''): string {
  const labels: Record<VehicleKind, string> = {
    autovettura: t('kinds.autovettura'),
    motociclo: t('kinds.motociclo'),
    ciclomotore: t('kinds.ciclomotore'),
    rimorchio: t('kinds.rimorchio'),
  };
  return kind ? labels[kind] : '—';
}

/** Immatricolazione: 'Nuova', or the day as dd/mm/yyyy. */
export function registrationLabel(t: TFunction, registration: Registration | null): string {
  if (!registration) return '—';
  return registration.isNew ? t('registration.new') : formatDay(registration.date) || '—';
}
