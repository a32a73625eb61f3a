import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type DashboardMoney, formatCount, formatEuros, giftConceptLabels } from '@refugio/contracts';
import { Link } from 'react-router';
import { formatMonth } from '../lib/dashboard-links';

/** One figure of the card: its name above, the number below, read in that order. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {formatCount(value)}
      </Text>
    </div>
  );
}

/**
 * "Socios y donativos" (administrators only: the server sends the figures to no one else): active members and
 * sponsors, the month's leaves and the month's income by concept in euros, written the Spanish way (1.234,56 €).
 */
export function MoneyCard({ money }: { money: DashboardMoney }) {
  const month = formatMonth(money.mes);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="socios-donativos-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={2} fz="h4" id="socios-donativos-title">
            Socios y donativos
          </Title>
          <Anchor component={Link} to="/donativos" size="sm">
            Ver donativos
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Figure label="Socios activos" value={money.sociosActivos} />
          <Figure label="Padrinos activos" value={money.padrinosActivos} />
          <Figure label={`Bajas en ${month}`} value={money.bajasMes} />
        </SimpleGrid>
        <Table captionSide="top" verticalSpacing={4} layout="fixed">
          <Table.Caption style={{ textAlign: 'start' }}>Ingresos de {month} por concepto</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Concepto</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'end' }}>
                Importe
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {money.ingresosMes.map((row) => (
              <Table.Tr key={row.concepto}>
                <Table.Th scope="row" fw={400}>
                  {giftConceptLabels[row.concepto]}
                </Table.Th>
                <Table.Td style={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>{formatEuros(row.importe)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td fw={700} style={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
                {formatEuros(money.ingresosMesTotal)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        <Text size="xs" c="dimmed">
          Donativos registrados con fecha de este mes; sin los anulados ni los recibos devueltos.
        </Text>
      </Stack>
    </Paper>
  );
}
