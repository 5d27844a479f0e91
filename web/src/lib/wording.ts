/** How the interface names agents and sub-agents (SPEC §1). */
export interface Wording {
  agent: string;
  agents: string;
  subagent: string;
  subagents: string;
}

const DEALER: Wording = {
  agent: 'Car Dealer',
  agents: 'Dealers',
  subagent: 'Venditore',
  subagents: 'Venditori',
};

// The plural 'Subagente' is what SPEC §1 prescribes.
const DEFAULT: Wording = {
  agent: 'Agente',
  agents: 'Agenti',
  subagent: 'Subagente',
  subagents: 'Subagente',
};

/** The spec's rule: app names ending in 'dealer' or '_dev' speak of car dealers. */
export function wordingForAppName(appName: string): Wording {
  return appName.endsWith('dealer') || appName.endsWith('_dev') ? { ...DEALER } : { ...DEFAULT };
}

/** The tenant's wording: the rule on the app name, overridden by what the tenant sets. */
export function tenantWording(appName: string, overrides?: Partial<Wording> | null): Wording {
  const wording = wordingForAppName(appName);
  for (const key of Object.keys(wording) as (keyof Wording)[]) {
    const value = overrides?.[key];
    if (typeof value === 'string' && value.trim()) wording[key] = value;
  }
  return wording;
}
