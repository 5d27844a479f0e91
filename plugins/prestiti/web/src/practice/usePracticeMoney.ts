/**
 * The money side of a practice on screen: the consultancy bounds in euro of its institute, the
 * amount the slider is on (the stored one once emission is requested, else the user's choice,
 * else the midpoint), the first instalment and the earnings at that amount.
 */
import { useState } from 'react';
import { consultancyShare, emissionRequested, storedConsultancy, useHost, useQuoteAgent, type HostItem } from '@sportello/host-api';
import { loanOf, PRODUCT_ID } from '../lib/loanQuote';
import { clampEuro, earningsAt, firstInstalmentAt, sliderBounds, type ConsultancyEuro, type Earnings } from '../lib/practiceMoney';
import { usePracticeEarnings } from './usePracticeEarnings';

export interface PracticeMoney {
  bounds: ConsultancyEuro | null;
  /** The consultancy in euro, or null without bounds or a stored amount. */
  consultancy: number | null;
  setConsultancy: (value: number) => void;
  locked: boolean;
  firstInstalment: number | null;
  earnings: Earnings | null;
  earningsError: string | null;
}

export function usePracticeMoney(quote: HostItem): PracticeMoney {
  const host = useHost();
  const product = host.useCollection('products')[String(quote.pId)];
  const agent = useQuoteAgent(quote);
  const [chosen, setChosen] = useState<number | null>(null);
  const server = usePracticeEarnings(quote);

  const loan = loanOf(quote);
  const bounds = sliderBounds(product?.companies, loan.istituto, loan.rata);
  const locked = emissionRequested(quote);
  const stored = storedConsultancy(quote);
  const consultancy = locked && stored !== null ? stored : bounds ? clampEuro(chosen ?? bounds.midpoint, bounds) : stored;
  const share = consultancyShare(agent?.provv, String(quote.pId ?? ''), PRODUCT_ID);
  const earnings = server.earnings ? earningsAt(server.earnings, consultancy, share) : null;
  return {
    bounds,
    consultancy,
    setConsultancy: setChosen,
    locked,
    firstInstalment: firstInstalmentAt(loan.rata, consultancy),
    earnings,
    earningsError: server.error,
  };
}
