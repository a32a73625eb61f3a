import { Avatar, type AvatarProps } from '@mantine/core';
import type { User } from '@refugio/contracts';
import { getInitials } from '../../../lib/get-initials';

/** The person's initials on their own color (the `color` field), readable on light and dark colors alike. */
export function UserAvatar({ user, ...props }: { user: Pick<User, 'name' | 'lastname' | 'mail' | 'color'> } & AvatarProps) {
  return (
    <Avatar radius="xl" variant="filled" color={user.color || 'cyan'} autoContrast aria-hidden="true" {...props}>
      {getInitials(user.name, user.lastname, user.mail)}
    </Avatar>
  );
}
