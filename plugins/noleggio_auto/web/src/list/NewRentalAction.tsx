/**
 * How a quote is started from the list: agents create for themselves ('Nuovo preventivo' /
 * CREA PREVENTIVO); admins and responsabili first pick the collaborator it is for.
 */
import { Button } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHost } from '@sportello/host-api';
import { paths } from '../paths';

export default function NewRentalAction({ variant }: { variant: 'header' | 'empty' }) {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const navigate = useNavigate();
  const [collaborator, setCollaborator] = useState<string | null>(null);
  if (host.flags.agent) {
    return (
      <Button
        leftSection={<IconCirclePlus size={18} />}
        size={variant === 'empty' ? 'md' : 'sm'}
        onClick={() => void navigate(paths.create())}
        data-testid={variant === 'empty' ? 'rental-create' : 'rental-new'}
      >
        {variant === 'empty' ? t('list.create') : t('list.new')}
      </Button>
    );
  }
  if (!host.flags.canEdit) return null;
  const { CollaboratorSelect } = host.ui;
  return (
    <div style={{ minWidth: 320 }} data-testid="rental-assign">
      <CollaboratorSelect
        label={t('list.assign')}
        value={collaborator}
        onChange={(id) => {
          setCollaborator(id);
          if (id) void navigate(paths.create(id));
        }}
      />
    </div>
  );
}
