import { describe, expect, it } from 'vitest';
import { renewedPolicy } from '../components/RenewalCard';

const renewal = {
  _id: 'q1',
  renew: 'p1',
  quote: { renewOf: 'p1', number: 'AZ-876B20', company: 'Allianz', endDate: '2026-12-05', previousPremium: 1050 },
};

describe('renewedPolicy', () => {
  it('reads the policy from the stream when the user sees it', () => {
    const policies = { p1: { _id: 'p1', number: 'AZ-876B21', company: 'Generali', endDate: '2026-12-06', premium: 980.5 } };
    expect(renewedPolicy(renewal, policies)).toEqual({
      id: 'p1', number: 'AZ-876B21', company: 'Generali', endDate: '2026-12-06', premium: 980.5, linked: true,
    });
  });

  it('falls back on what the renewal kept of the policy', () => {
    expect(renewedPolicy(renewal, {})).toEqual({
      id: 'p1', number: 'AZ-876B20', company: 'Allianz', endDate: '2026-12-05', premium: 1050, linked: false,
    });
  });

  it('is null for a quote that renews nothing', () => {
    expect(renewedPolicy({ _id: 'q2', renew: false, quote: {} }, {})).toBeNull();
  });
});
