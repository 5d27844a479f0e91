/** A collaborator (agent or sub-agent of the user's scope) from the synced users. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roleFlags, type User } from '../../../lib/roles';
import { useCollection, useQuoteEnv } from '../env';
import { PlainSelect } from '@sportello/host-api';

export default function CollaboratorSelect({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  label?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('quotes');
  const { wording } = useQuoteEnv();
  const users = useCollection('usr');
  const data = useMemo(
    () =>
      Object.values(users)
        .map((u) => ({ user: u, flags: roleFlags(u as User) }))
        .filter(({ flags }) => flags.agent)
        .map(({ user, flags }) => ({
          value: user._id,
          label: `${String(user.name ?? user.email ?? user._id)} · ${flags.parentAgentId ? wording.subagent : wording.agent}`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, 'it')),
    [users, wording],
  );
  return (
    <PlainSelect
      label={label ?? t('collaborator.label')}
      data={[{ value: '', label: placeholder ?? (data.length ? t('collaborator.placeholder') : t('collaborator.nothing')) }, ...data]}
      value={value ?? ''}
      onChange={(id) => onChange(id || null)}
      data-testid="collaborator-select"
    />
  );
}
