/** Pure rules of the people screens: role names, filters, the agents' tree, rate forms. */
import { roleFlags, type Role, type User } from '../../lib/roles';

export const ROLE_KEYS = ['admin', 'responsabile', 'e', 'a', 'segnalatore'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];
/** Employees hand out agent and referrer roles only (the server refuses the rest). */
export const GRANTABLE_BY_EMPLOYEE: readonly RoleKey[] = ['a', 'segnalatore'];
export const RATE_FIELDS = ['provvEmissione', 'provvIstruttoria', 'provvConsulenza'] as const;

/** The role keys a user holds, in the spec's order. */
export function heldRoles(role: Role | null | undefined): RoleKey[] {
  return ROLE_KEYS.filter((key) => Boolean(role?.[key]));
}

export interface UserFilter {
  text: string;
  role: RoleKey | '';
  suspended: 'all' | 'active' | 'suspended';
}

/** The users matching the list's search (name or email), role and suspended state, by name. */
export function filterUsers(users: User[], filter: UserFilter): User[] {
  const text = filter.text.trim().toLowerCase();
  return users
    .filter((u) => !text || `${u.name ?? ''} ${u.email ?? ''}`.toLowerCase().includes(text))
    .filter((u) => !filter.role || heldRoles(u.role).includes(filter.role))
    .filter((u) => filter.suspended === 'all' || (filter.suspended === 'suspended') === Boolean(u.suspended))
    .sort((a, b) => String(a.name || a.email).localeCompare(String(b.name || b.email), 'it'));
}

export interface AgentNode {
  user: User;
  children: User[];
}

/** Top-level agents with their sub-agents (a sub-agent whose parent is not visible stands alone). */
export function agentTree(users: User[]): AgentNode[] {
  const agents = users.filter((u) => roleFlags(u).agent);
  const ids = new Set(agents.map((u) => u._id));
  const byName = (a: User, b: User) => String(a.name || a.email).localeCompare(String(b.name || b.email), 'it');
  const parentOf = (u: User) => roleFlags(u).parentAgentId;
  return agents
    .filter((u) => !parentOf(u) || !ids.has(parentOf(u)!))
    .sort(byName)
    .map((user) => ({ user, children: agents.filter((u) => parentOf(u) === user._id).sort(byName) }));
}

/** A rate typed in the form: '' is none, else a number 0–100 with at most two decimals. */
export function parseRate(text: string): number | null | 'invalid' {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return 'invalid';
  const value = Number(clean);
  return value > 100 ? 'invalid' : value;
}

export type RateForm = Record<string, Record<string, string>>;

/** The `provv` object from the rate form: `{default, <product>: {provvEmissione…}}`. */
export function provvFromForm(form: RateForm, defaultRate: string): Record<string, unknown> | 'invalid' {
  const provv: Record<string, unknown> = {};
  const main = parseRate(defaultRate);
  if (main === 'invalid') return 'invalid';
  if (main !== null) provv.default = main;
  for (const [product, fields] of Object.entries(form)) {
    const rates: Record<string, number> = {};
    for (const field of RATE_FIELDS) {
      const value = parseRate(fields[field] ?? '');
      if (value === 'invalid') return 'invalid';
      if (value !== null) rates[field] = value;
    }
    if (Object.keys(rates).length) provv[product] = rates;
  }
  return provv;
}

/** The rate form from a user's `provv`. */
export function formFromProvv(provv: unknown): { defaultRate: string; form: RateForm } {
  const source = (provv && typeof provv === 'object' ? provv : {}) as Record<string, unknown>;
  const form: RateForm = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'default' || !value || typeof value !== 'object') continue;
    form[key] = Object.fromEntries(RATE_FIELDS.map((f) => [f, toText((value as Record<string, unknown>)[f])]));
  }
  return { defaultRate: toText(source.default), form };
}

const toText = (value: unknown) => (typeof value === 'number' ? String(value).replace('.', ',') : '');

/** The role object to save from the form's choices. */
export function roleFromForm(keys: RoleKey[], agentType: string, parentId: string): Role {
  const role: Record<string, unknown> = {};
  for (const key of keys) {
    if (key !== 'a') role[key] = true;
  }
  if (keys.includes('a')) role.a = { type: agentType || 'agente', ...(parentId ? { aId: parentId } : {}) };
  return role as Role;
}
