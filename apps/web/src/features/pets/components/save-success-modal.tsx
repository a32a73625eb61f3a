import { Alert, Button, Group, List, Modal, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FailedUpload } from '../lib/save-sequence';

export interface SaveSummary {
  nombre: string;
  tipo: string;
  edad: string;
  genero: string;
  images: number;
  videos: number;
  tags: number;
  failed: readonly FailedUpload[];
}

interface SaveSuccessModalProps {
  title: string;
  summary: SaveSummary | null;
  /**
   * Unused: 'Ver en Dashboard' is itself a link to Home, / (SPEC section 4: "go to Home"). Kept optional
   * so that callers that still pass it compile; they can drop it.
   */
  onDashboard?: () => void;
  onContinue: () => void;
}

/**
 * The success dialog of SPEC section 4: a summary of the pet and its counts, the files that could not be
 * uploaded (they never fail the save), and 'Ver en Dashboard' (go to Home, the pet list at /) / 'Seguir Editando'.
 */
export function SaveSuccessModal({ title, summary, onContinue }: SaveSuccessModalProps) {
  const rows: [string, string | number][] = summary
    ? [
        ['Nombre', summary.nombre],
        ['Tipo', summary.tipo],
        ['Edad', summary.edad],
        ['Género', summary.genero],
        ['Imágenes', summary.images],
        ['Videos', summary.videos],
        ['Etiquetas', summary.tags],
      ]
    : [];

  return (
    <Modal
      opened={summary !== null}
      onClose={onContinue}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" size="lg" aria-hidden="true">
            <IconCircleCheck size={22} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {title}
          </Text>
        </Group>
      }
    >
      {summary ? (
        <Stack gap="md">
          <Table withRowBorders={false} verticalSpacing={4} aria-label="Resumen de la mascota">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={120} fw={600} c="dimmed">
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {summary.failed.length > 0 ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden="true" />}
              title="Algunos archivos no se pudieron subir"
            >
              <List size="sm">
                {summary.failed.map((file, i) => (
                  <List.Item key={`${file.name}-${i}`}>
                    {file.kind === 'image' ? 'Imagen' : 'Video'} {file.name}: {file.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to="/">
              Ver en Dashboard
            </Button>
            <Button onClick={onContinue} data-autofocus>
              Seguir Editando
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
