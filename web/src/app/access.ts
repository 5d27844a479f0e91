/**
 * Who may open a page: one rule for every private route, read from the menu the server sent
 * (SPEC §6; the server's `core/permissions.py` decides the entries, the tenant's cut included).
 * A route opens when the menu holds the entry that leads to it; a page no entry leads to
 * declares the role rule of SPEC §6 it follows. A page a user may not open renders the same
 * 404 as an unknown path.
 */
import type { RoleFlags } from '../lib/roles';

/** What the rule reads: the keys of the user's menu, their role flags, the product lines
 * they may open (the server's list too). */
export interface Access {
  menu: ReadonlySet<string>;
  flags: RoleFlags;
  lines: ReadonlySet<string>;
}

/** Whether a user may open a route, given its path parameters. */
export type Gate = (access: Access, params: Readonly<Record<string, string | undefined>>) => boolean;

/** Any logged-in user: the home (which sends each role where it works) and one's account. */
export const signedIn: Gate = () => true;

/** The menu holds one of these entries (its key as the server sends it). */
export const inMenu =
  (...keys: string[]): Gate =>
  (access) =>
    keys.some((key) => access.menu.has(key));

/** Either rule. */
export const either =
  (...gates: Gate[]): Gate =>
  (access, params) =>
    gates.some((gate) => gate(access, params));

/** 'Assistenza piattaforma' opens the chat for every role but admin (SPEC §6), the
 * employee included, who has no chat entry in the menu. */
export const supportChat: Gate = ({ flags }) => flags.any && !flags.admin;

/** A collaborator's balance by id: admins, who reach it from the agents' list. */
export const admins: Gate = ({ flags }) => flags.admin;

/** `/{productId}/*`: a product line the user may open (their own, or every line for admins). */
export const productLine: Gate = ({ lines }, { productId }) => productId !== undefined && lines.has(productId);

/** The rule's input from the session's menu, flags and open lines. */
export function accessOf(menu: readonly { key: string }[], flags: RoleFlags, lines: readonly string[]): Access {
  return { menu: new Set(menu.map((entry) => entry.key)), flags, lines: new Set(lines) };
}
