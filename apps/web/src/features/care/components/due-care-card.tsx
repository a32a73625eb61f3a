import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Avatar } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { Link } from 'react-router';
import { careTypeLabels, type CareDueItem } from '@refugio/contracts';
import { formatDay } from '../lib/care-labels';
import { describeDue } from '../lib/due-state';

/** One dose of the round: the pet, what is due and when, and 'Hecho' within a thumb's reach. */
export function DueCareCard({ item, today, onDone }: { item: CareDueItem; today: string; onDone: () => void }) {
  const due = item.fechaProgramada ? describeDue(item.fechaProgramada, today) : null;
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={`${item.nombre}, ${item.mascota.nombre}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={item.mascota.thumbnailUrl ?? null} size={48} radius="md" alt="" color="cyan" variant="light">
          <IconPaw size={24} aria-hidden="true" />
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/mascota/${item.mascota.id}/salud`} fw={600}>
            {item.mascota.nombre}
          </Anchor>
          <Text size="sm">
            {careTypeLabels[item.tipo]}: {item.nombre}
            {item.dosis ? ` · ${item.dosis}` : ''}
          </Text>
          <Group gap={6}>
            {due ? (
              <Badge color={due.color} variant={due.kind === 'overdue' ? 'filled' : 'light'}>
                {due.text}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {formatDay(item.fechaProgramada)}
            </Text>
          </Group>
        </Stack>
        <Button
          onClick={onDone}
          leftSection={<IconCheck size={18} aria-hidden="true" />}
          size="md"
          aria-label={`Hecho: ${item.nombre} de ${item.mascota.nombre}`}
        >
          Hecho
        </Button>
      </Group>
    </Card>
  );
}
