import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdoptionStateBadge } from '../../../components/ui/adoption-state-badge';
import { formatDate } from '../../../lib/format-date';
import { usePetAdoptionRequests } from '../api/list-pet-adoption-requests';

/** Producto's section: the pet's adoption requests and their statuses, each linking to its review. */
export function PetAdoptionRequests({ petId }: { petId: number }) {
  const requests = usePetAdoptionRequests(petId);
  const data = requests.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Solicitudes de adopción
        </Title>
        <Button component={Link} to={`/formularios?mascotaId=${petId}`} variant="subtle" size="xs">
          Ver en Formularios de Solicitud
        </Button>
      </Group>
      {requests.isError ? (
        <Text size="sm" c="red">
          No se pudieron cargar las solicitudes.
        </Text>
      ) : !data ? (
        <Loader role="status" size="sm" aria-label="Cargando solicitudes" />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nadie ha solicitado adoptar esta mascota todavía.
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Solicitudes de adopción de la mascota">
          {data.items.map((request) => (
            <Group component="li" key={request.id} justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/formulario/${request.id}`} fw={600} size="sm" truncate>
                  {request.nombre}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(request.createdAt)} · {request.ciudad}
                </Text>
              </Stack>
              <AdoptionStateBadge estado={request.estado} size="sm" />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
