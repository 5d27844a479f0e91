import { describe, expect, it } from 'vitest';
import { roleFlags, roleKeyLabel, roleLabel } from '../lib/roles';
import { tenantWording, wordingForAppName } from '../lib/wording';

describe('wording (SPEC §1)', () => {
  it('speaks of agents by default', () => {
    expect(wordingForAppName('assicurapp')).toEqual({ agent: 'Agente', agents: 'Agenti', subagent: 'Subagente', subagents: 'Subagente' });
  });

  it.each(['rcadealer', 'assicurapp_dev', 'mydealer'])('speaks of car dealers for %s', (app) => {
    expect(wordingForAppName(app)).toEqual({ agent: 'Car Dealer', agents: 'Dealers', subagent: 'Venditore', subagents: 'Venditori' });
  });

  it('lets the tenant override single words, ignoring blanks', () => {
    expect(tenantWording('assicurapp', { agent: 'Collaboratore', agents: '  ' })).toMatchObject({ agent: 'Collaboratore', agents: 'Agenti' });
  });

  it('labels roles with the tenant wording', () => {
    const t = (key: string) => key.split('.').at(-1)!;
    const dealer = wordingForAppName('rcadealer');
    expect(roleLabel(roleFlags({ role: { a: { type: 'a' } } }), dealer, t)).toBe('Car Dealer');
    expect(roleLabel(roleFlags({ role: { a: { aId: 'p1' } } }), dealer, t)).toBe('Venditore');
    expect(roleLabel(roleFlags({ role: { a: { aId: 'p1' } } }), wordingForAppName('assicurapp'), t)).toBe('Subagente');
    expect(roleLabel(roleFlags({ role: { admin: true, a: {} } }), dealer, t)).toBe('admin');
    expect(roleLabel(roleFlags({ role: {} }), dealer, t)).toBe('none');
  });
});

describe("a role's badge", () => {
  const t = (key: string) => key;
  it.each([
    ['rcadealer', 'Car Dealer', 'Venditore'],
    ['assicurapp', 'Agente', 'Subagente'],
  ])('on %s names the agent %s and the sub-agent %s', (app, agent, sub) => {
    const wording = wordingForAppName(app);
    expect(roleKeyLabel('a', { role: { a: { type: 'agente' } } }, wording, t)).toBe(agent);
    expect(roleKeyLabel('a', { role: { a: { type: 'subagente', aId: 'p1' } } }, wording, t)).toBe(sub);
    expect(roleKeyLabel('a', undefined, wording, t)).toBe(agent);
    expect(roleKeyLabel('segnalatore', undefined, wording, t)).toBe('layout:roles.segnalatore');
  });
});
