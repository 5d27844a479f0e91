import { describe, expect, it } from 'vitest';
import { issueRefusal } from '../issueChecks';

describe('the refusal the issuing dialog acts on', () => {
  it('reads missing documents', () => {
    expect(issueRefusal({ check: 'documents', documents: 'missing' })).toEqual({ check: 'documents', documents: 'missing' });
  });

  it('needs both figures of a start in the past, as numbers', () => {
    expect(issueRefusal({ check: 'pastStart', days: 31, max: 30 })).toEqual({ check: 'pastStart', days: 31, max: 30 });
    expect(issueRefusal({ check: 'pastStart', days: '31', max: 30 })).toBeNull();
    expect(issueRefusal({ check: 'pastStart', days: 31, max: '30' })).toBeNull();
    expect(issueRefusal({ check: 'pastStart', days: 31 })).toBeNull();
    expect(issueRefusal({ check: 'pastStart', max: 30 })).toBeNull();
  });

  it('goes by the check the server names, not by the fields present', () => {
    expect(issueRefusal({ check: 'documents', days: 31, max: 30 })).toBeNull();
    expect(issueRefusal({ check: 'numero', documents: 'refused', days: 31, max: 30 })).toBeNull();
    expect(issueRefusal({ documents: 'refused' })).toBeNull();
    expect(issueRefusal({ check: 'documents' })).toBeNull();
  });
});
