import { ActionIcon, Anchor, Badge, Button, FileButton, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { countLabel, formatKg, CARE_ATTACHMENT_TYPES, CARE_TYPES, type CareAttachment, type CareRecord } from '@refugio/contracts';
import { IconCheck, IconDots, IconEdit, IconPaperclip, IconTrash, IconX } from '@tabler/icons-react';
import { careTypeGroupLabels, formatDay } from '../lib/care-labels';
import { describeDue } from '../lib/due-state';

/** PDF, JPEG, PNG or WebP (the server checks the content). */
const ATTACHMENT_ACCEPT = CARE_ATTACHMENT_TYPES.join(',');

interface CareRecordListProps {
  records: CareRecord[];
  today: string;
  /** Records just marked 'Hecho' whose list has not read them again yet: shown as done. */
  waitingDone: ReadonlySet<number>;
  onEdit: (record: CareRecord) => void;
  onDone: (record: CareRecord) => void;
  onDelete: (record: CareRecord) => void;
  onAttach: (record: CareRecord, file: File) => void;
  onRemoveAttachment: (record: CareRecord, attachment: CareAttachment) => void;
}

function RecordState({ record, today, waiting }: { record: CareRecord; today: string; waiting: boolean }) {
  if (record.fechaRealizada || waiting) {
    return (
      <Badge color="teal" variant="light">
        {record.fechaRealizada ? `Hecho el ${formatDay(record.fechaRealizada)}` : 'Hecho'}
      </Badge>
    );
  }
  if (!record.fechaProgramada) return null;
  const due = describeDue(record.fechaProgramada, today);
  return (
    <Badge color={due.color} variant={due.kind === 'overdue' ? 'filled' : 'light'}>
      {`Previsto el ${formatDay(record.fechaProgramada)}`}
      {due.kind === 'overdue' ? ' · vencido' : due.kind === 'today' ? ' · hoy' : ''}
    </Badge>
  );
}

function details(record: CareRecord): string {
  const parts = [
    record.dosis && `Dosis: ${record.dosis}`,
    record.lote && `Lote: ${record.lote}`,
    record.pesoKg !== null && formatKg(record.pesoKg),
    record.veterinario && record.veterinario,
    record.resultado && `Resultado: ${record.resultado}`,
    record.repetirCadaDias !== null && `Se repite cada ${countLabel(record.repetirCadaDias, 'día', 'días')}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The pet's care, grouped by type: planned ones first within each group, each with its actions. */
export function CareRecordList({ records, today, waitingDone, onEdit, onDone, onDelete, onAttach, onRemoveAttachment }: CareRecordListProps) {
  const groups = CARE_TYPES.filter((t) => t !== 'peso')
    .map((tipo) => ({ tipo, items: records.filter((r) => r.tipo === tipo) }))
    .filter((g) => g.items.length > 0);

  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Todavía no hay registros de salud. Añade uno o aplica un protocolo.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      {groups.map(({ tipo, items }) => (
        <Paper key={tipo} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={`care-group-${tipo}`}>
          <Title order={3} fz="h5" mb="xs" id={`care-group-${tipo}`}>
            {careTypeGroupLabels[tipo]}
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((record) => {
              const waiting = waitingDone.has(record.id);
              const planned = !record.fechaRealizada && !waiting;
              return (
                <li key={record.id}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Text fw={600} size="sm">
                          {record.nombre}
                        </Text>
                        <RecordState record={record} today={today} waiting={waiting} />
                      </Group>
                      {details(record) ? (
                        <Text size="xs" c="dimmed">
                          {details(record)}
                        </Text>
                      ) : null}
                      {record.notas ? <Text size="xs">{record.notas}</Text> : null}
                      {record.adjuntos.length > 0 ? (
                        <Group gap="xs">
                          {record.adjuntos.map((a) => (
                            <Group key={a.id} gap={2} wrap="nowrap">
                              <Anchor href={a.url} size="xs" target="_blank" rel="noopener">
                                <IconPaperclip size={12} aria-hidden="true" /> {a.nombre}
                              </Anchor>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                size="md"
                                aria-label={`Quitar el adjunto ${a.nombre}`}
                                onClick={() => onRemoveAttachment(record, a)}
                              >
                                <IconX size={14} aria-hidden="true" />
                              </ActionIcon>
                            </Group>
                          ))}
                        </Group>
                      ) : null}
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      {planned ? (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCheck size={14} aria-hidden="true" />}
                          onClick={() => onDone(record)}
                          aria-label={`Hecho: ${record.nombre}`}
                        >
                          Hecho
                        </Button>
                      ) : null}
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" size="lg" aria-label={`Más acciones: ${record.nombre}`}>
                            <IconDots size={18} aria-hidden="true" />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconEdit size={14} aria-hidden="true" />} onClick={() => onEdit(record)}>
                            Editar
                          </Menu.Item>
                          <FileButton accept={ATTACHMENT_ACCEPT} onChange={(file) => file && onAttach(record, file)}>
                            {(props) => (
                              <Menu.Item {...props} leftSection={<IconPaperclip size={14} aria-hidden="true" />} closeMenuOnClick={false}>
                                Adjuntar archivo
                              </Menu.Item>
                            )}
                          </FileButton>
                          <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden="true" />} onClick={() => onDelete(record)}>
                            Eliminar
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
