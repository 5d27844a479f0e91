import type { Wording } from './wording';
import { tenantWording } from './wording';

/** A product line the tenant offers, with its federated web module once built. */
export interface TenantProduct {
  id: string;
  name: string;
  icon: string;
  extraProduct: boolean;
  module: { name: string; entry: string } | null;
}

/** The public tenant configuration served by `GET /api/tenant`. */
export interface TenantConfig {
  id: string;
  appName: string;
  title: string;
  logo: string;
  notificationsHelp: string;
  template: string;
  colors: Record<string, string>;
  wording: Wording;
  languages: string[];
  defaultLanguage: string;
  products: TenantProduct[];
  menuOnly: string[] | null;
  maxUploadMb: number;
  assistenza: string;
  BUILD: string;
}

/** The server answered, but not with the configuration (its status says why). */
export class TenantUnavailable extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`Configurazione non disponibile (${status})`);
    this.name = 'TenantUnavailable';
    this.status = status;
  }
}

export async function fetchTenant(fetcher: typeof fetch = fetch): Promise<TenantConfig> {
  const response = await fetcher('/api/tenant', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new TenantUnavailable(response.status);
  const raw = (await response.json()) as TenantConfig;
  return { ...raw, wording: tenantWording(raw.appName, raw.wording) };
}
