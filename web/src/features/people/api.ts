/** People over HTTP: users, invitations, agents' counts and one's own account. */
import { requestJson } from '../../lib/http';
import type { Role, User } from '../../lib/roles';

const user = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** What `/utenti/{id}` saves (SPEC §3 'Current user'); absent fields stay as they are. */
export interface UserChanges {
  name?: string;
  role?: Role;
  extraProducts?: string[];
  users?: string[];
  provv?: Record<string, unknown>;
  info?: { ritenuta: number };
}

export const saveUser = (id: string, changes: UserChanges) => requestJson<User>(user(id), { method: 'PATCH', json: changes });
export const setSuspended = (id: string, suspended: boolean) =>
  requestJson<User>(`${user(id)}/suspension`, { method: 'PUT', json: { suspended } });
export const removeUser = (id: string) => requestJson<{ _id: string }>(user(id), { method: 'DELETE' });
export const inviteUser = (body: { email: string; name: string; role: Role }) =>
  requestJson<{ user: User }>('/api/auth/invite', { json: body });

/** One agent of `/Agenti` with its counts. */
export interface AgentCounts {
  _id: string;
  quotes: number;
  policies: number;
}

export const fetchAgentCounts = () => requestJson<AgentCounts[]>('/api/agents');
export const saveAccount = (changes: { name?: string; lang?: string }) => requestJson<User>('/api/account', { method: 'PATCH', json: changes });
export const logoutEverywhere = () => requestJson<{ ok: boolean }>('/api/auth/logout-all', { method: 'POST', json: {} });
