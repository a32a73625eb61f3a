import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** How many adoption requests wait for a decision, linking to them; nothing when there are none. */
export function PetOpenRequests({ petId, count }: { petId: number; count: number }) {
  if (count === 0) return null;
  return (
    <Anchor component={Link} to={`/formularios?mascotaId=${petId}`} size="xs" fw={600}>
      {count === 1 ? '1 solicitud abierta' : `${count} solicitudes abiertas`}
    </Anchor>
  );
}
