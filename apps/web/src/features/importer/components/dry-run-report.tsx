import { Badge, Button, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportDryRun } from '@refugio/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type ReportFilter, filterRows, reportRows, rowsToFixCsv } from '../lib/rows-to-fix';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm">{label}</Text>
    </Stack>
  );
}

function download(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Step 3: what the import would do, the rows with errors and the duplicates, filtered, and the rows to fix as a CSV.
 * A row that only looks like a record already there (no microchip: same name, species and dates) is left out unless
 * the person ticks «Importar igualmente» (`onInclude`, which asks for the dry run again).
 */
export function DryRunReport({
  run,
  archivo,
  onInclude,
  deciding = false,
}: {
  run: ImportDryRun;
  archivo: string;
  onInclude?: (fila: number, incluir: boolean) => void;
  deciding?: boolean;
}) {
  const [filter, setFilter] = useState<ReportFilter>('todas');
  const rows = useMemo(() => filterRows(reportRows(run), filter), [run, filter]);
  return (
    <Stack gap="md">
      <Title order={2}>Resultado de la prueba</Title>
      <Text size="sm">No se ha guardado nada todavía. Una fila con un error se salta entera; corrígela en tu hoja y vuelve a subirla.</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Se crearán" value={run.crear} />
        <Figure label="Se completarán" value={run.actualizar} />
        <Figure label="Se omitirán (ya existen)" value={run.omitir} />
        <Figure label="Filas con errores" value={new Set(run.errores.map((e) => e.fila)).size} />
      </SimpleGrid>
      {run.errores.length + run.duplicados.length > 0 ? (
        <>
          <Group justify="space-between">
            <SegmentedControl
              aria-label="Mostrar"
              value={filter}
              onChange={(v) => setFilter(v)}
              data={[
                { value: 'todas', label: 'Todas' },
                { value: 'error', label: `Errores (${run.errores.length})` },
                { value: 'duplicado', label: `Ya existen (${run.duplicados.length})` },
              ]}
            />
            {run.errores.length > 0 ? (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                onClick={() => download(rowsToFixCsv(run), `filas-a-corregir-${archivo.replace(/\.[^.]+$/, '')}.csv`)}
              >
                Descargar filas a corregir (CSV)
              </Button>
            ) : null}
          </Group>
          <Table.ScrollContainer minWidth={600}>
            <Table striped withTableBorder>
              <Table.Caption>Filas con errores y filas que ya existen</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Fila</Table.Th>
                  <Table.Th scope="col">Tipo</Table.Th>
                  <Table.Th scope="col">Columna</Table.Th>
                  <Table.Th scope="col">Qué pasa</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => (
                  <Table.Tr key={`${row.fila}-${row.tipo}-${i}`}>
                    <Table.Td>{row.fila}</Table.Td>
                    {/* The badge keeps its whole word on a phone: a narrow column cut "Error" to "E…". */}
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge color={row.tipo === 'error' ? 'red.9' : 'gray.8'} variant="filled" miw="max-content">
                        {row.tipo === 'error' ? 'Error' : row.posible ? 'Posible duplicado' : 'Ya existe'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.columna}</Table.Td>
                    <Table.Td>
                      {row.mensaje}
                      {row.existenteId !== undefined ? ` (nº ${row.existenteId})` : ''}
                      {row.posible && onInclude ? (
                        <Checkbox
                          mt={6}
                          label={`Importar igualmente la fila ${row.fila}`}
                          checked={row.incluida === true}
                          disabled={deciding}
                          onChange={(event) => onInclude(row.fila, event.currentTarget.checked)}
                        />
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </Stack>
  );
}
