import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart with its title and the same figures as a table for screen readers (the drawing is hidden from them),
 * or "Sin datos" when there is nothing to draw.
 */
export function ChartCard({
  title,
  rows,
  empty,
  children,
}: {
  title: string;
  rows: [string, ...(string | number)[]][];
  empty?: boolean;
  children: ReactNode;
}) {
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={id}>
      <Title order={2} fz="md" mb="sm" id={id}>
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm">
          Sin datos en este periodo.
        </Text>
      ) : (
        <>
          <div aria-hidden="true">{children}</div>
          <VisuallyHidden>
            <Table>
              <Table.Tbody>
                {rows.map(([label, ...values]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row">{label}</Table.Th>
                    {values.map((v, i) => (
                      <Table.Td key={i}>{v}</Table.Td>
                    ))}
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
