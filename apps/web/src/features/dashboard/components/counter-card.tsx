import { Paper, Text, UnstyledButton } from '@mantine/core';
import { formatCount } from '@refugio/contracts';
import { Link } from 'react-router';

/**
 * A count that leads to the list it counts. Its name is its visible text (label, number, hint), so a screen
 * reader and speech input hear and say what the screen shows (WCAG 2.5.3), the number written the same way.
 */
export function CounterCard({ label, value, hint, to }: { label: string; value: number; hint: string; to: string }) {
  return (
    <UnstyledButton component={Link} to={to} style={{ display: 'block' }}>
      <Paper withBorder radius="md" p="md" h="100%">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1.2}>
          {formatCount(value)}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}
