/**
 * Who writes the register (the server's rule, so the screen offers only what it accepts): agents
 * for themselves, admins and responsabili for a collaborator they name; referrers read it.
 */
import type { HostContext } from '@sportello/host-api';

type Flags = Pick<HostContext['flags'], 'agent' | 'admin' | 'responsabile'>;

export const canWritePlates = (flags: Flags): boolean => flags.agent || flags.admin || flags.responsabile;

/** Whether saving names a collaborator (`aId`): an admin or responsabile who is not an agent. */
export const namesCollaborator = (flags: Flags): boolean => !flags.agent && (flags.admin || flags.responsabile);
