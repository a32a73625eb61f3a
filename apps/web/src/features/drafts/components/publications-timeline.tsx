import { Anchor, Group, Stack, Text, Timeline } from '@mantine/core';
import { dayInZone, type PublicationItem } from '@refugio/contracts';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDayInZone, formatTimeInZone } from '../lib/format-publication';
import { PublicationThumb } from './publication-thumb';

/** What goes public when: the scheduled pets grouped by day of the organisation's calendar, soonest first. */
export function PublicationsTimeline({ items, timeZone }: { items: PublicationItem[]; timeZone: string }) {
  const days = new Map<string, PublicationItem[]>();
  for (const item of items) {
    if (!item.publicarEn) continue;
    const day = dayInZone(new Date(item.publicarEn), timeZone);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  if (days.size === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        No hay publicaciones programadas.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={28} lineWidth={2} active={-1} aria-label="Calendario de publicaciones">
      {[...days.entries()].map(([day, dayItems]) => (
        <Timeline.Item
          key={day}
          bullet={<IconCalendarEvent size={16} aria-hidden="true" />}
          title={<Text fw={600}>{formatDayInZone(dayItems[0]!.publicarEn!, timeZone)}</Text>}
        >
          <Stack gap={6} mt={6}>
            {dayItems.map((item) => (
              <Group key={item.id} gap="sm" wrap="nowrap">
                <Text size="sm" fw={600} w={48}>
                  {formatTimeInZone(item.publicarEn!, timeZone)}
                </Text>
                <PublicationThumb url={item.thumbnailUrl} size={32} />
                <Anchor component={Link} to={`/mascota/${item.id}`} size="sm">
                  {item.nombre}
                </Anchor>
              </Group>
            ))}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
