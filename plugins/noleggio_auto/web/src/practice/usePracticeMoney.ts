/**
 * The money side of a practice: the consultancy bounds of the car's company, the rate shown on
 * the slider (the stored one once emission is requested, else the user's choice, else the
 * midpoint), the agent's share and the earnings at that rate.
 */
import { useState } from 'react';
import { consultancyShare, emissionRequested, storedConsultancy, useHost, useQuoteAgent, type HostItem } from '@sportello/host-api';
import { consultancyBounds, clampRate, type ConsultancyBounds } from '../lib/consultancy';
import { rentalEarnings, type RentalEarnings } from '../lib/earnings';
import { carOf, priceOf, PRODUCT_ID } from '../lib/rentalQuote';

export interface PracticeMoney {
  bounds: ConsultancyBounds | null;
  /** The consultancy in %, or null without bounds or a stored rate. */
  consultancy: number | null;
  setConsultancy: (value: number) => void;
  locked: boolean;
  /** The agent's share of the consultancy in %. */
  agentRate: number;
  /** Null until the practice has a fee and a consultancy. */
  earnings: RentalEarnings | null;
}

export function usePracticeMoney(quote: HostItem): PracticeMoney {
  const host = useHost();
  const product = host.useCollection('products')[String(quote.pId)];
  const agent = useQuoteAgent(quote);
  const [chosen, setChosen] = useState<number | null>(null);

  const bounds = consultancyBounds(product?.companies, carOf(quote).company);
  const locked = emissionRequested(quote);
  const stored = storedConsultancy(quote);
  const consultancy = locked && stored !== null ? stored : bounds ? clampRate(chosen ?? bounds.midpoint, bounds) : null;
  const agentRate = consultancyShare(agent?.provv, String(quote.pId ?? ''), PRODUCT_ID);
  const { canone, durata } = priceOf(quote);
  const earnings =
    consultancy !== null && canone !== null && durata !== null
      ? rentalEarnings({ qFattura: consultancy, canone, rate: agentRate, durata })
      : null;
  return { bounds, consultancy, setConsultancy: setChosen, locked, agentRate, earnings };
}
