import { Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { adoptionStateLabels, intakeMessages } from '@refugio/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { usePersonAdoptionRequests, usePersonRegistrations } from '../api/list-person-links';

/** Said when the person has more than the page lists (the server counts them all). */
function MoreNote({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <Text component="li" size="xs" c="dimmed">
      Se muestran {shown} de {total}.
    </Text>
  );
}

/** The person's adoption applications and the pets they registered, each a link to its screen. */
export function PersonLinks({ personId }: { personId: number }) {
  const requests = usePersonAdoptionRequests(personId);
  const registrations = usePersonRegistrations(personId);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="person-links-title">
      <Title order={2} fz="h4" mb="sm" id="person-links-title">
        Solicitudes y registros
      </Title>
      <Stack gap="md">
        <div>
          <Title order={3} fz="h6" mb={4}>
            Solicitudes de adopción
          </Title>
          {requests.isError ? (
            <Text size="sm" c="red">
              No se pudieron cargar las solicitudes.
            </Text>
          ) : !requests.data ? (
            <Loader role="status" size="sm" aria-label="Cargando solicitudes" />
          ) : requests.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              Ninguna.
            </Text>
          ) : (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Solicitudes de adopción de la persona">
              {requests.data.items.map((request) => (
                <Group component="li" key={request.id} gap="xs">
                  <Anchor component={Link} to={`/formulario/${request.id}`} size="sm">
                    Solicitud por {request.mascota.nombre}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {adoptionStateLabels[request.estado]} · {formatDate(request.createdAt)}
                  </Text>
                </Group>
              ))}
              <MoreNote shown={requests.data.items.length} total={requests.data.total} />
            </Stack>
          )}
        </div>
        <div>
          <Title order={3} fz="h6" mb={4}>
            Mascotas registradas
          </Title>
          {registrations.isError ? (
            <Text size="sm" c="red">
              No se pudieron cargar los registros.
            </Text>
          ) : !registrations.data ? (
            <Loader role="status" size="sm" aria-label="Cargando registros" />
          ) : registrations.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              Ninguna.
            </Text>
          ) : (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Mascotas registradas por la persona">
              {registrations.data.items.map((registration) => (
                <Group component="li" key={registration.id} gap="xs">
                  <Anchor component={Link} to={`/solicitud-publicacion?id=${registration.id}`} size="sm">
                    {registration.nombre} ({registration.tipo})
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {intakeMessages.requestStates[registration.estado]} · {formatDate(registration.createdAt)}
                  </Text>
                </Group>
              ))}
              <MoreNote shown={registrations.data.items.length} total={registrations.data.total} />
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
