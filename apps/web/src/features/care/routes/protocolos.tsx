import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PET_TYPES, countLabel, PROTOCOL_DEFAULT_NOTE, careTypeLabels, type Protocol } from '@refugio/contracts';
import { IconEdit, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useProtocols } from '../api/list-protocols';
import { useSaveProtocol } from '../api/save-protocol';
import { ProtocolEditor } from '../components/protocol-editor';

function ProtocolCard({ protocol, onEdit }: { protocol: Protocol; onEdit: () => void }) {
  const steps = [...protocol.pasos].sort((a, b) => a.diasDesdeInicio - b.diasDesdeInicio);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`protocol-${protocol.id}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} fz="h5" id={`protocol-${protocol.id}`}>
          {protocol.nombre}
        </Title>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconEdit size={14} aria-hidden="true" />}
          onClick={onEdit}
          aria-label={`Editar ${protocol.nombre}`}
        >
          Editar
        </Button>
      </Group>
      <Group gap={6} mb="xs">
        <Text size="xs" c="dimmed">
          {countLabel(steps.length, 'paso', 'pasos')}
        </Text>
        {protocol.predeterminado ? (
          <Badge size="xs" variant="light" color="blue">
            Incluido con la aplicación
          </Badge>
        ) : null}
        {!protocol.activo ? (
          <Badge size="xs" variant="light" color="gray">
            Desactivado
          </Badge>
        ) : null}
      </Group>
      {protocol.nota ? (
        <Text size="xs" mb="xs">
          {protocol.nota}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label={`Pasos de ${protocol.nombre}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Día</Table.Th>
              <Table.Th>Paso</Table.Th>
              <Table.Th>Repetición</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {steps.map((paso, i) => (
              <Table.Tr key={i}>
                <Table.Td>{paso.diasDesdeInicio}</Table.Td>
                <Table.Td>
                  {paso.nombre}{' '}
                  <Badge size="xs" variant="light" color="gray">
                    {careTypeLabels[paso.tipo]}
                  </Badge>
                </Table.Td>
                <Table.Td>{paso.repetirCadaDias ? `Cada ${countLabel(paso.repetirCadaDias, 'día', 'días')}` : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Protocolos (/protocolos, administrators): the care plans per species that a pet's health page applies. */
function ProtocolosScreen() {
  const protocols = useProtocols();
  const save = useSaveProtocol();
  const [editing, setEditing] = useState<{ protocol: Protocol | null } | null>(null);

  return (
    <Stack gap="lg">
      <title>Protocolos · Refugio Admin</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Protocolos
          </Title>
          <Text c="dimmed">Vacunas y desparasitaciones que se programan al aplicar un protocolo a una mascota.</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing({ protocol: null })}>
          Nuevo protocolo
        </Button>
      </Group>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
        {PROTOCOL_DEFAULT_NOTE}. Las pautas que trae la aplicación son orientativas: ajustadlas a vuestra zona y a cada animal.
      </Alert>
      {protocols.isPending ? (
        <ListLoading label="Cargando protocolos..." />
      ) : protocols.isError ? (
        <ListLoadError title="No se pudieron cargar los protocolos" onRetry={() => void protocols.refetch()}>
          {getErrorMessage(protocols.error)}
        </ListLoadError>
      ) : (
        PET_TYPES.map((tipo) => {
          const list = protocols.data.filter((p) => p.tipoMascota === tipo);
          return (
            <Stack key={tipo} gap="sm" component="section" aria-labelledby={`species-${tipo}`}>
              <Title order={2} fz="h4" id={`species-${tipo}`}>
                {tipo}
              </Title>
              {list.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Sin protocolos.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  {list.map((p) => (
                    <ProtocolCard key={p.id} protocol={p} onEdit={() => setEditing({ protocol: p })} />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          );
        })
      )}
      <ProtocolEditor
        opened={editing !== null}
        protocol={editing?.protocol ?? null}
        onClose={() => setEditing(null)}
        onSave={(input) =>
          save
            .mutateAsync({ id: editing?.protocol?.id ?? null, input: editing?.protocol ? { ...input, version: editing.protocol.version } : input })
            .then(() => notifications.show({ color: 'teal', title: 'Protocolo guardado', message: input.nombre }))
        }
      />
    </Stack>
  );
}

export { ProtocolosScreen as Component };
