import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatDecimal } from '@refugio/contracts';
import { formatMeasureValue } from '../../../lib/chart-axes';
import { formatDay } from '../lib/care-labels';

/** The pet's weights over time: a line for the eye, the same figures as a table for screen readers. */
export function WeightsChart({ pesos }: { pesos: { fecha: string; kg: number }[] }) {
  const data = [...pesos].sort((a, b) => a.fecha.localeCompare(b.fecha)).map((p) => ({ fecha: formatDay(p.fecha), kg: p.kg }));
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="figure" m={0} aria-labelledby="care-weights-title">
      <Title order={2} fz="h4" mb="sm" id="care-weights-title">
        Peso
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin pesos registrados.
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <LineChart
              accessibilityLayer={false}
              h={220}
              data={data}
              dataKey="fecha"
              unit=" kg"
              series={[{ name: 'kg', label: 'Peso (kg)', color: 'cyan.7' }]}
              curveType="monotone"
              valueFormatter={formatMeasureValue}
            />
          </div>
          <VisuallyHidden>
            <Table aria-label="Pesos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Peso (kg)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((row, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{row.fecha}</Table.Td>
                    <Table.Td>{formatDecimal(row.kg)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
