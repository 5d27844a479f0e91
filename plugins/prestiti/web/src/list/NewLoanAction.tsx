/**
 * How a loan quote is started from the list: agents create for themselves ('Crea preventivo');
 * admins and responsabili first pick the collaborator it is for.
 */
import { Button } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHost } from '@sportello/host-api';
import { paths } from '../paths';

export default function NewLoanAction() {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const navigate = useNavigate();
  const [collaborator, setCollaborator] = useState<string | null>(null);
  if (host.flags.agent) {
    return (
      <Button
        leftSection={<IconCirclePlus size={18} />}
        size="sm"
        onClick={() => void navigate(paths.create())}
        data-testid="loan-new"
      >
        {t('list.create')}
      </Button>
    );
  }
  if (!host.flags.canEdit) return null;
  const { CollaboratorSelect } = host.ui;
  return (
    <div style={{ minWidth: 320 }} data-testid="loan-assign">
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
