import { Badge, Group, type BadgeProps } from '@mantine/core';
import { ADMIN_ROLE, type User } from '@refugio/contracts';
import type { ReactNode } from 'react';
import classes from './users-table.module.css';

/**
 * A badge that always shows its whole text. Mantine's badge label may shrink to nothing, which lets a
 * table squeeze a badge column until it reads "EQU..." instead of giving the column the room it needs.
 * Sentence case: "Contraseña temporal" reads better, and takes less room, than capitals.
 */
export function WholeBadge({ children, ...props }: BadgeProps & { children: ReactNode }) {
  return (
    <Badge tt="none" fw={600} classNames={{ label: classes.wholeBadgeLabel }} {...props}>
      {children}
    </Badge>
  );
}

export function RolBadge({ rol, organizationRole }: { rol: User['rol']; organizationRole?: string | undefined }) {
  if (rol === '') {
    return (
      <WholeBadge variant="outline" color="gray">
        Sin rol
      </WholeBadge>
    );
  }
  // An organisation role (DESIGN section 21) is what decides: its name, with the built-in role it is based on.
  if (organizationRole) return <WholeBadge variant="light" color="violet">{`${organizationRole} (${rol})`}</WholeBadge>;
  const isAdministrator = rol === ADMIN_ROLE;
  return (
    <WholeBadge variant={isAdministrator ? 'filled' : 'light'} color={isAdministrator ? 'cyan' : 'gray'}>
      {rol}
    </WholeBadge>
  );
}

/** Activo / Desactivado, and 'Contraseña temporal' while the person has not chosen their own. */
export function StateBadges({ user }: { user: User }) {
  return (
    <Group gap={6}>
      {user.disabled ? (
        <WholeBadge variant="light" color="red">
          Desactivado
        </WholeBadge>
      ) : (
        <WholeBadge variant="light" color="teal">
          Activo
        </WholeBadge>
      )}
      {user.mustChangePassword ? (
        <WholeBadge variant="light" color="yellow">
          Contraseña temporal
        </WholeBadge>
      ) : null}
    </Group>
  );
}

/** Marks the signed-in administrator's own row. */
export function SelfBadge() {
  return (
    <WholeBadge size="xs" variant="outline" color="cyan">
      Tú
    </WholeBadge>
  );
}
