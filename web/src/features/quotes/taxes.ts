/**
 * The premium split into net, taxes and gross, as the server computes it
 * (core/domain/taxes/split.py, docs/rules/taxes.md): each tariff ramo pays its rate
 * (law 1216/1961, tariff all. A) on the line's net premium; motor liability ('rca') the
 * provincial tax of the insured's province (art. 17 D.Lgs. 68/2011) and the SSN contribution
 * (art. 334 D.Lgs. 209/2005). Each tax is rounded half up to the cent; gross = net + taxes.
 * Integer cents and rates in hundredths of a percent: no float ever rounds a figure.
 */

export const RCA = 'rca';

/** Ramo code → its Italian name (the codes the server and other screens share). */
export const RAMI: Record<string, string> = {
  rca: 'RC auto',
  cvt: 'Corpi veicoli terrestri',
  infortuni: 'Infortuni',
  malattia: 'Malattia',
  incendio: 'Incendio',
  furto: 'Furto',
  rc_generale: 'RC generale',
  tutela_legale: 'Tutela legale',
  assistenza: 'Assistenza',
  perdite_pecuniarie: 'Perdite pecuniarie',
  credito: 'Credito',
  cauzione: 'Cauzione',
  vita: 'Vita',
};

export interface TaxRow {
  rate: number;
  from: string;
  to?: string | null;
  source?: string;
}

/** The tenant's tax table as the settings carry it (`imposte`). */
export interface TaxTable {
  rami: (TaxRow & { ramo: string })[];
  province: (TaxRow & { code: string })[];
  ssn: TaxRow[];
}

export interface PremiumLine {
  ramo: string;
  /** The line's net premium in euros. */
  net: number;
  province?: string | null;
}

export interface Tax {
  ramo: string;
  label: string;
  rate: number;
  base: number;
  amount: number;
}

export interface Split {
  net: number;
  taxes: Tax[];
  taxTotal: number;
  gross: number;
}

/** Why a line cannot be taxed: the key of an Italian message in the quotes catalogue. */
export class TaxProblem extends Error {
  constructor(readonly key: 'noProvince' | 'unknownRamo' | 'noRate', readonly what = '') {
    super(key);
  }
}

const toCents = (euros: number): number => Math.round(euros * 100);
/** A rate in % as hundredths of a percent (22.25 → 2225). */
const toHundredths = (rate: number): number => Math.round(rate * 100);

/** cents × rate% / 100, rounded half up to the cent (both ≥ 0). */
export function taxCents(netCents: number, rate: number): number {
  const product = netCents * toHundredths(rate); // cents × hundredths of a percent: / 10 000
  return Math.floor((product * 2 + 10_000) / 20_000);
}

/** The row in force on `day` (ISO), if any: from ≤ day ≤ to. */
export function rateOn<T extends TaxRow>(rows: readonly T[], day: string): T | undefined {
  return rows.find((row) => row.from <= day && (!row.to || day <= row.to));
}

/** The (label, rate) of each tax on a line on `day`. */
export function lineRates(line: PremiumLine, table: TaxTable, day: string): { label: string; rate: number }[] {
  const name = RAMI[line.ramo];
  if (!name) throw new TaxProblem('unknownRamo', line.ramo);
  if (line.ramo !== RCA) {
    const found = rateOn(table.rami.filter((r) => r.ramo === line.ramo), day);
    if (!found) throw new TaxProblem('noRate', name);
    return [{ label: `Imposta sulle assicurazioni (${name})`, rate: found.rate }];
  }
  const province = (line.province ?? '').toUpperCase();
  if (!province) throw new TaxProblem('noProvince');
  const provincial = rateOn(table.province.filter((r) => r.code === province), day);
  if (!provincial) throw new TaxProblem('noRate', province);
  const ssn = rateOn(table.ssn, day);
  if (!ssn) throw new TaxProblem('noRate', 'SSN');
  return [
    { label: `Imposta provinciale RC auto (${province})`, rate: provincial.rate },
    { label: 'Contributo SSN', rate: ssn.rate },
  ];
}

/** The taxes on each line's net premium on `day` (ISO); gross = net + taxes. */
export function splitPremium(lines: readonly PremiumLine[], table: TaxTable, day: string): Split {
  let net = 0;
  let taxTotal = 0;
  const taxes: Tax[] = [];
  for (const line of lines) {
    const base = toCents(line.net);
    net += base;
    for (const { label, rate } of lineRates(line, table, day)) {
      const amount = taxCents(base, rate);
      taxTotal += amount;
      taxes.push({ ramo: line.ramo, label, rate, base: base / 100, amount: amount / 100 });
    }
  }
  return { net: net / 100, taxes, taxTotal: taxTotal / 100, gross: (net + taxTotal) / 100 };
}

/** The tax table the settings carry, or an empty one. */
export function taxTableOf(settings: unknown): TaxTable {
  const stored = (settings as { imposte?: Partial<TaxTable> } | null)?.imposte ?? {};
  return { rami: stored.rami ?? [], province: stored.province ?? [], ssn: stored.ssn ?? [] };
}

/** Today in Italy as an ISO day (the day an offer is priced on). */
export function romeDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}
