import type { Wording } from './wording';

/** The current user as the server sends it (SPEC §3 'Current user'). */
export interface User {
  _id: string;
  name?: string;
  email?: string;
  photo?: string | null;
  role?: Role | null;
  extraProducts?: string[];
  users?: string[];
  suspended?: { at: string; by?: string | null };
  developer?: boolean;
  lang?: string | null;
  [field: string]: unknown;
}

export interface Role {
  admin?: unknown;
  responsabile?: unknown;
  e?: unknown;
  a?: { aId?: string | null; type?: string } | boolean | null;
  segnalatore?: unknown;
}

/** The role flags the rules of SPEC §6 read. */
export interface RoleFlags {
  admin: boolean;
  responsabile: boolean;
  employee: boolean;
  agent: boolean;
  referrer: boolean;
  /** Set for a sub-agent: the parent agent's id. */
  parentAgentId: string | null;
  /** The user has at least one role. */
  any: boolean;
}

const has = (role: Role, key: keyof Role) => Boolean(role[key]);

export function roleFlags(user: Pick<User, 'role'> | null | undefined): RoleFlags {
  const role = user?.role ?? {};
  const agentRole = role.a;
  const parent =
    typeof agentRole === 'object' && agentRole !== null && agentRole.aId ? String(agentRole.aId) : null;
  const flags = {
    admin: has(role, 'admin'),
    responsabile: has(role, 'responsabile'),
    employee: has(role, 'e'),
    agent: has(role, 'a'),
    referrer: has(role, 'segnalatore'),
    parentAgentId: has(role, 'a') ? parent : null,
  };
  return {
    ...flags,
    any: flags.admin || flags.responsabile || flags.employee || flags.agent || flags.referrer,
  };
}

/** canEdit: admin and responsabile (SPEC §6). */
export const canEdit = (flags: RoleFlags) => flags.admin || flags.responsabile;

/** The role names a status's `canSelectedBy` and `alert` lists use. */
export function roleNames(flags: RoleFlags): string[] {
  const names: string[] = [];
  if (flags.admin) names.push('admin');
  if (flags.responsabile) names.push('responsabile');
  if (flags.employee) names.push('e');
  if (flags.agent) names.push('a');
  if (flags.referrer) names.push('segnalatore');
  return names;
}

type Translate = (key: string) => string;

/** The label shown under the user's name: the highest role, in the tenant's wording. */
export function roleLabel(flags: RoleFlags, wording: Wording, t: Translate): string {
  if (flags.admin) return t('layout:roles.admin');
  if (flags.responsabile) return t('layout:roles.responsabile');
  if (flags.agent) return flags.parentAgentId ? wording.subagent : wording.agent;
  if (flags.employee) return t('layout:roles.e');
  if (flags.referrer) return t('layout:roles.segnalatore');
  return t('layout:roles.none');
}

/** A role key's name ('a', 'e'…) in the tenant's wording; given its holder, an agent with a
 * parent is named as the tenant's sub-agent ('Subagente', 'Venditore'). */
export function roleKeyLabel(role: string, holder: Pick<User, 'role'> | undefined, wording: Wording, t: Translate): string {
  if (role !== 'a') return t(`layout:roles.${role}`);
  return holder && roleFlags(holder).parentAgentId ? wording.subagent : wording.agent;
}
