import { Anchor } from '@mantine/core';
import { countLabel } from '@refugio/contracts';
import { Link } from 'react-router';

/** How many adoption requests wait for a decision, linking to them; nothing when there are none. */
export function PetOpenRequests({ petId, count }: { petId: number; count: number }) {
  if (count === 0) return null;
  return (
    <Anchor component={Link} to={`/formularios?mascotaId=${petId}`} size="xs" fw={600}>
      {countLabel(count, 'solicitud abierta', 'solicitudes abiertas')}
    </Anchor>
  );
}
