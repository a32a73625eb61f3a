import { Paper, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** A count that leads to the list it counts. */
export function CounterCard({ label, value, hint, to }: { label: string; value: number; hint: string; to: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${label}: ${value}`} style={{ display: 'block' }}>
      <Paper withBorder radius="md" p="md" h="100%">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1.2}>
          {value.toLocaleString('es-ES')}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}
