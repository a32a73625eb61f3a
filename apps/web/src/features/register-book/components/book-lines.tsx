import { Badge, Box, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type RegisterBookLine, formatDay, procedenciaLabels, registerBookDestinoLabels } from '@refugio/contracts';

const day = (value: string | null) => (value ? formatDay(value) : '—');
const origin = (line: RegisterBookLine) => {
  const label = line.procedencia ? procedenciaLabels[line.procedencia] : 'Sin indicar';
  return line.procedenciaDetalle ? `${label} (${line.procedenciaDetalle})` : label;
};
const exit = (line: RegisterBookLine) => (line.destino ? registerBookDestinoLabels[line.destino] : '—');
const recipient = (line: RegisterBookLine) =>
  line.destinatario ? [line.destinatario.nombre, line.destinatario.nif, line.destinatario.direccion].filter(Boolean).join(', ') : '—';
const sexo = (value: string) => (value === 'macho' ? 'Macho' : value === 'hembra' ? 'Hembra' : value || '—');

function StateBadge({ line }: { line: RegisterBookLine }) {
  if (line.rectifica !== null) return <Badge color="orange" variant="light">{`Rectifica la nº ${line.rectifica}`}</Badge>;
  return line.cerrada ? (
    <Badge color="gray" variant="light">
      Cerrada
    </Badge>
  ) : (
    <Badge color="green" variant="light">
      Abierta
    </Badge>
  );
}

const key = (line: RegisterBookLine) => `${line.anio}-${line.numero}`;

/** The year's lines: a table on wide screens, one card per line on phones. */
export function BookLines({ lines }: { lines: readonly RegisterBookLine[] }) {
  return (
    <>
      {/* Wider than most screens: the scrolling box takes the keyboard's focus so its arrows scroll it (WCAG 2.1.1). */}
      <Box visibleFrom="md" style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Tabla del libro de registro, desplazable">
        <Table miw={1400} striped withTableBorder verticalSpacing="xs" fz="sm" aria-label="Líneas del libro de registro">
          <Table.Thead>
            <Table.Tr>
              {[
                'Nº',
                'Entrada',
                'Procedencia',
                'Especie',
                'Raza',
                'Sexo',
                'Color',
                'Microchip',
                'Nacimiento',
                'Salida',
                'Destino',
                'Destinatario',
                'Causa de la muerte',
                'Vacunas',
                'Tratamientos',
                'Veterinario',
                'Estado',
              ].map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={key(line)}>
                <Table.Th scope="row">{line.numero}</Table.Th>
                <Table.Td>{day(line.fechaEntrada)}</Table.Td>
                <Table.Td>{origin(line)}</Table.Td>
                <Table.Td>{line.especie}</Table.Td>
                <Table.Td>{line.raza || '—'}</Table.Td>
                <Table.Td>{sexo(line.sexo)}</Table.Td>
                <Table.Td>{line.color || '—'}</Table.Td>
                <Table.Td>{line.microchip ?? '—'}</Table.Td>
                <Table.Td>{day(line.fechaNacimiento)}</Table.Td>
                <Table.Td>{day(line.fechaSalida)}</Table.Td>
                <Table.Td>{exit(line)}</Table.Td>
                <Table.Td>{recipient(line)}</Table.Td>
                <Table.Td>{line.causaMuerte ?? '—'}</Table.Td>
                <Table.Td>{line.vacunas || '—'}</Table.Td>
                <Table.Td>{line.tratamientos || '—'}</Table.Td>
                <Table.Td>{line.veterinario || '—'}</Table.Td>
                <Table.Td>
                  <StateBadge line={line} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack component="ul" gap="sm" hiddenFrom="md" aria-label="Líneas del libro de registro" p={0} m={0} style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <Card key={key(line)} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" gap="xs">
              <Text fw={700}>{`Nº ${line.numero} · ${line.especie}`}</Text>
              <StateBadge line={line} />
            </Group>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mt="xs" component="dl" m={0}>
              {(
                [
                  ['Entrada', day(line.fechaEntrada)],
                  ['Procedencia', origin(line)],
                  ['Microchip', line.microchip ?? '—'],
                  ['Sexo y color', `${sexo(line.sexo)}, ${line.color || '—'}`],
                  ['Salida', day(line.fechaSalida)],
                  ['Destino', exit(line)],
                  ['Destinatario', recipient(line)],
                  ...(line.causaMuerte ? [['Causa de la muerte', line.causaMuerte] as const] : []),
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    </>
  );
}
