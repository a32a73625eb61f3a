import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { PublicationItem } from '@refugio/contracts';
import { IconCalendarClock, IconSend, IconArrowBackUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { formatInZone } from '../lib/format-publication';
import { PublicationThumb } from './publication-thumb';

interface PublicationsListProps {
  items: PublicationItem[];
  timeZone: string;
  selected: ReadonlySet<number>;
  busyId: number | null;
  onToggle: (id: number) => void;
  onSchedule: (item: PublicationItem) => void;
  onPublish: (item: PublicationItem) => void;
  onWithdraw: (item: PublicationItem) => void;
}

/** One card per pet (the same at 390 px and on a desktop): photo, name, state, date, last change, actions. */
export function PublicationsList({ items, timeZone, selected, busyId, onToggle, onSchedule, onPublish, onWithdraw }: PublicationsListProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Mascotas sin publicar">
      {items.map((item) => {
        const scheduled = item.estado === 'programada' && item.publicarEn;
        return (
          <Paper component="li" key={item.id} withBorder radius="md" p="sm" aria-label={item.nombre}>
            <Group wrap="wrap" gap="sm" align="center" justify="space-between">
              <Group wrap="nowrap" gap="sm" style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Checkbox aria-label={`Seleccionar ${item.nombre}`} checked={selected.has(item.id)} onChange={() => onToggle(item.id)} />
                <PublicationThumb url={item.thumbnailUrl} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Anchor component={Link} to={`/mascota/${item.id}`} fw={600} truncate="end">
                      {item.nombre}
                    </Anchor>
                    {scheduled ? (
                      <Badge color="violet" variant="light">
                        Programada
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light">
                        Borrador
                      </Badge>
                    )}
                    {item.adoptado ? (
                      <Badge color="teal" variant="light">
                        Adoptada
                      </Badge>
                    ) : null}
                  </Group>
                  {scheduled ? (
                    <Text size="sm">
                      Se publica el <strong>{formatInZone(item.publicarEn, timeZone)}</strong>
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Sin fecha de publicación
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    Modificada por {item.updatedBy?.nombre || 'alguien del equipo'} el {formatDate(item.updatedAt)}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="wrap">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCalendarClock size={14} aria-hidden="true" />}
                  onClick={() => onSchedule(item)}
                  aria-label={`${scheduled ? 'Cambiar fecha' : 'Programar'}: ${item.nombre}`}
                  disabled={busyId === item.id}
                >
                  {scheduled ? 'Cambiar fecha' : 'Programar'}
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} aria-hidden="true" />}
                  onClick={() => onPublish(item)}
                  loading={busyId === item.id}
                  aria-label={`Publicar ahora: ${item.nombre}`}
                >
                  Publicar ahora
                </Button>
                {scheduled ? (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconArrowBackUp size={14} aria-hidden="true" />}
                    onClick={() => onWithdraw(item)}
                    disabled={busyId === item.id}
                    aria-label={`Retirar a borrador: ${item.nombre}`}
                  >
                    Retirar a borrador
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
