import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart with its title, and the same figures as a table for screen readers (a drawing alone says nothing
 * to them).
 */
export function ChartCard({ title, rows, children }: { title: string; rows: [string, ...(string | number)[]][]; children: ReactNode }) {
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id}>
      <Title order={2} fz="md" mb="sm" id={id}>
        {title}
      </Title>
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <Table>
          <Table.Tbody>
            {rows.map(([label, ...values]) => (
              <Table.Tr key={label}>
                <Table.Th>{label}</Table.Th>
                {values.map((v, i) => (
                  <Table.Td key={i}>{v}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          Sin datos todavía.
        </Text>
      ) : null}
    </Paper>
  );
}
