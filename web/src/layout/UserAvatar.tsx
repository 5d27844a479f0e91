/**
 * Avatar (SPEC §2): the photo, or initials from the first two words of the name, or the first
 * two letters of the email; colour derived from the id; a suspended user shows a block icon
 * with 'sospeso il {date} da {name}'.
 */
import { Avatar } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { avatarColor, initials, shortDateTime } from '../lib/format';
import type { User } from '../lib/roles';
import { useStoreSelector } from '../session/context';

export const AVATAR_SIZE = 40;

export function UserAvatar({ user, size = AVATAR_SIZE }: { user: User; size?: number }) {
  const { t } = useTranslation('layout');
  const suspendedBy = useStoreSelector((state) => {
    const by = user.suspended?.by;
    return by ? ((state.collections.usr?.[by]?.name as string | undefined) ?? by) : '';
  });
  if (user.suspended) {
    const label = t('suspended', { date: shortDateTime(user.suspended.at), name: suspendedBy });
    return (
      <Avatar size={size} radius="xl" color="red" aria-label={label} title={label} data-testid="avatar-suspended">
        <IconBan size={size * 0.55} />
      </Avatar>
    );
  }
  return (
    <Avatar
      size={size}
      radius="xl"
      src={user.photo || null}
      color={avatarColor(user._id)}
      variant="light"
      alt={user.name ?? user.email ?? ''}
    >
      {initials(user.name, user.email)}
    </Avatar>
  );
}
