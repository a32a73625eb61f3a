import { Stack, Text, Title } from '@mantine/core';
import { ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFollowups } from '../api/list-followups';
import { FollowupCard } from './followup-card';

/** "Seguimiento" on the pet page or the person page: the check-ins and obligations of its adoptions, with the answers. */
export function FollowupSection({ mascotaId, personaId }: { mascotaId?: number; personaId?: number }) {
  const list = useFollowups({ mascotaId, personaId });
  if (list.isPending) return <ListLoading label="Cargando seguimiento..." />;
  if (list.isError) return <Text c="red">{getErrorMessage(list.error)}</Text>;
  if (list.data.items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="seguimiento-titulo">
      <Title order={2} fz="h3" id="seguimiento-titulo">
        Seguimiento
      </Title>
      {list.data.items.map((item) => (
        <FollowupCard key={item.id} item={item} showPet={mascotaId === undefined} showPerson={personaId === undefined} />
      ))}
    </Stack>
  );
}
