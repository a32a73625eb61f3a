import { Anchor, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { PET_TYPES, REPORT_KINDS, REPORT_STATES, type ReportState, formatDay, reportKindLabels, reportStateLabels } from '@refugio/contracts';
import { Link, useSearchParams } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useReports } from '../api/lost-found';

export const kindColor = { perdido: 'red', encontrado: 'teal' } as const;
export const stateColor: Record<ReportState, string> = { abierto: 'blue', reunido: 'teal', cerrado: 'gray', caducado: 'gray' };

const stateOptions = [{ value: '', label: 'Todos' }, ...REPORT_STATES.map((value) => ({ value, label: reportStateLabels[value] }))];
const kindOptions = [{ value: '', label: 'Todos' }, ...REPORT_KINDS.map((value) => ({ value, label: reportKindLabels[value] }))];
const speciesOptions = [{ value: '', label: 'Todas' }, ...PET_TYPES.map((value) => ({ value, label: value }))];

/**
 * Perdidos y encontrados (/perdidos-encontrados): the public's reports of animals lost or found, newest first, by
 * state, kind and species; each opens with its candidates side by side (DESIGN section 19).
 */
function PerdidosEncontradosScreen() {
  const [params, setParams] = useSearchParams();
  const filter = {
    estado: (params.get('estado') ?? 'abierto') as ReportState | '',
    tipo: (params.get('tipo') ?? '') as 'perdido' | '',
    especie: (params.get('especie') ?? '') as 'Perro' | '',
  };
  const list = useReports({
    ...(filter.estado ? { estado: filter.estado } : {}),
    ...(filter.tipo ? { tipo: filter.tipo } : {}),
    ...(filter.especie ? { especie: filter.especie } : {}),
  });
  const set = (key: string, value: string) =>
    setParams((before) => {
      const next = new URLSearchParams(before);
      next.set(key, value);
      return next;
    });
  return (
    <Stack gap="lg">
      <title>Perdidos y encontrados · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Perdidos y encontrados
        </Title>
        <Text c="dimmed">Avisos publicados en /perdidos. Abre uno para ver los animales que pueden ser el mismo.</Text>
      </div>
      <Group align="end" wrap="wrap">
        <Select label="Estado" data={stateOptions} value={filter.estado} onChange={(v) => set('estado', v ?? '')} allowDeselect={false} w={180} />
        <Select label="Tipo" data={kindOptions} value={filter.tipo} onChange={(v) => set('tipo', v ?? '')} allowDeselect={false} w={180} />
        <Select
          label="Especie"
          data={speciesOptions}
          value={filter.especie}
          onChange={(v) => set('especie', v ?? '')}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {list.isPending ? (
        <ListLoading label="Cargando avisos..." />
      ) : list.isError ? (
        <Text c="red">{getErrorMessage(list.error)}</Text>
      ) : list.data.items.length === 0 ? (
        <Text>No hay avisos con este filtro.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Aviso</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Dónde</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/perdidos-encontrados/${item.id}`}>
                      {item.especie} {item.color}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      (nº {item.id})
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={kindColor[item.tipo]} variant="light">
                      {reportKindLabels[item.tipo]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {item.municipio} ({item.codigoPostal})
                  </Table.Td>
                  <Table.Td>{formatDay(item.fecha)}</Table.Td>
                  <Table.Td>{reportStateLabels[item.estado]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export { PerdidosEncontradosScreen as Component };
