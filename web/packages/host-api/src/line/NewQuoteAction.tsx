/**
 * How a quote of a line is started from its list: an agent opens the creation form for
 * themselves; admins and responsabili first choose the collaborator it is for (the shell's
 * collaborator select), which opens the form for them; other users get nothing.
 */
import { Button } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useHost } from '../useHost';

export interface NewQuoteActionProps {
  /** The creation form's address, for the collaborator chosen when there is one. */
  createPath: (collaborator?: string) => string;
  /** The agent's button. */
  label: ReactNode;
  /** The collaborator select's label ('Seleziona il collaboratore a cui assegnare il preventivo'). */
  assignLabel: string;
  size?: 'sm' | 'md';
  testId?: string;
  assignTestId?: string;
}

export default function NewQuoteAction({ createPath, label, assignLabel, size = 'sm', testId, assignTestId }: NewQuoteActionProps) {
  const host = useHost();
  const navigate = useNavigate();
  const [collaborator, setCollaborator] = useState<string | null>(null);
  if (host.flags.agent) {
    return (
      <Button leftSection={<IconCirclePlus size={18} />} size={size} onClick={() => void navigate(createPath())} data-testid={testId}>
        {label}
      </Button>
    );
  }
  if (!host.flags.canEdit) return null;
  const { CollaboratorSelect } = host.ui;
  return (
    <div style={{ minWidth: 320 }} data-testid={assignTestId}>
      <CollaboratorSelect
        label={assignLabel}
        value={collaborator}
        onChange={(id) => {
          setCollaborator(id);
          if (id) void navigate(createPath(id));
        }}
      />
    </div>
  );
}
