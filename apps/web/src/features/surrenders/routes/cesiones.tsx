import { Anchor, Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { SURRENDER_STATES, formatDay, surrenderStateLabels, surrenderUrgencyLabels } from '@refugio/contracts';
import { Link, useSearchParams } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSurrenders } from '../api/surrenders';

const stateOptions = [{ value: '', label: 'Todas' }, ...SURRENDER_STATES.map((value) => ({ value, label: surrenderStateLabels[value] }))];
export const urgencyColor = { alta: 'red', media: 'orange', baja: 'gray' } as const;

/**
 * Cesiones (/cesiones): the owners' requests to surrender an animal, the most urgent and oldest first, with the
 * pets in the shelter per species beside the list (the waiting list is read against the places there are).
 */
function CesionesScreen() {
  const [params, setParams] = useSearchParams();
  const estado = params.get('estado') ?? '';
  const list = useSurrenders(estado);
  return (
    <Stack gap="lg">
      <title>Cesiones · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Cesiones
        </Title>
        <Text c="dimmed">Solicitudes de propietarios que no pueden seguir con su animal, por urgencia y antigüedad.</Text>
      </div>
      <Select label="Estado" data={stateOptions} value={estado} onChange={(v) => setParams(v ? { estado: v } : {})} allowDeselect={false} maw={320} />
      {list.isPending ? (
        <ListLoading label="Cargando cesiones..." />
      ) : list.isError ? (
        <Text c="red">{getErrorMessage(list.error)}</Text>
      ) : (
        <>
          <section aria-labelledby="capacidad-titulo">
            <Title order={2} fz="h4" id="capacidad-titulo" mb="xs">
              En el refugio ahora
            </Title>
            {list.data.capacidad.length === 0 ? (
              <Text size="sm">No hay mascotas en el refugio.</Text>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 4 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {list.data.capacidad.map((c) => {
                  const full = c.capacidad !== null && c.enRefugio >= c.capacidad;
                  return (
                    <Card
                      key={c.especie}
                      component="li"
                      withBorder
                      padding="sm"
                      style={full ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
                    >
                      <Text size="sm" c="dimmed">
                        {c.especie}
                      </Text>
                      <Text fw={700} fz="xl">
                        {c.capacidad === null ? c.enRefugio : `${c.enRefugio} de ${c.capacidad}`}
                      </Text>
                      {full ? (
                        <Badge color="red" variant="filled">
                          Completo
                        </Badge>
                      ) : c.capacidad === null ? (
                        <Text size="xs" c="dimmed">
                          Sin plazas escritas
                        </Text>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {c.capacidad - c.enRefugio === 1 ? 'Queda 1 plaza' : `Quedan ${c.capacidad - c.enRefugio} plazas`}
                        </Text>
                      )}
                    </Card>
                  );
                })}
              </SimpleGrid>
            )}
            <Text size="xs" c="dimmed" mt="xs">
              Las plazas de cada especie se escriben en Configuración.
            </Text>
          </section>
          {list.data.items.length === 0 ? (
            <Text>No hay solicitudes de cesión con este filtro.</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Animal</Table.Th>
                    <Table.Th>Propietario</Table.Th>
                    <Table.Th>Urgencia</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>Recibida</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/cesiones/${item.id}`}>
                          {item.nombreAnimal}
                        </Anchor>{' '}
                        <Text span size="sm" c="dimmed">
                          ({item.especie})
                        </Text>
                      </Table.Td>
                      <Table.Td>{item.nombre}</Table.Td>
                      <Table.Td>
                        <Badge color={urgencyColor[item.urgencia]} variant="light">
                          {surrenderUrgencyLabels[item.urgencia]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{surrenderStateLabels[item.estado]}</Table.Td>
                      <Table.Td>{formatDay(item.createdAt.slice(0, 10))}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group>
            <Text size="sm" c="dimmed">
              El formulario público está en /cesion.
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}

export { CesionesScreen as Component };
