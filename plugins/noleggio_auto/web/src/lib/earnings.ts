/**
 * What a rental practice earns (SPEC §9, plugins/noleggio_auto/README.md 'Commission'), to the
 * cent and half up like the server (plugins/noleggio_auto/pricing.py); both read the cases in
 * __tests__/earnings-cases.json.
 */
import { euroOf } from '@sportello/host-api';
import { centsOfProduct } from './money';

export interface RentalEarnings {
  /** The consultancy the customer pays a month: qFattura × canone / 100. */
  consultancyMonthly: number;
  /** The agent's commission a month: qFattura × canone × rate / 10000. */
  monthly: number;
  /** 'Tuo guadagno totale': the monthly commission times the months. */
  total: number;
  /** 'Guadagno piattaforma': the consultancy over the months minus the agent's total. */
  platform: number;
}

export interface EarningsInput {
  /** The consultancy rate in % of the monthly fee. */
  qFattura: number;
  /** The monthly fee in euro. */
  canone: number;
  /** The agent's share of the consultancy in %. */
  rate: number;
  /** Months. */
  durata: number;
}

export function rentalEarnings({ qFattura, canone, rate, durata }: EarningsInput): RentalEarnings {
  const monthly = centsOfProduct([qFattura, canone, rate], 10000);
  const total = monthly * BigInt(durata);
  const consultancy = centsOfProduct([qFattura, canone, durata], 100);
  return {
    consultancyMonthly: euroOf(centsOfProduct([qFattura, canone], 100)),
    monthly: euroOf(monthly),
    total: euroOf(total),
    platform: euroOf(consultancy - total),
  };
}
