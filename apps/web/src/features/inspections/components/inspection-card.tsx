import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Inspection, type InspectionState, countLabel, inspectionStateLabels, inspectionUntilText } from '@refugio/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useRevokeInspection } from '../api/inspections';

const stateColors: Record<InspectionState, string> = { activa: 'teal', vencida: 'gray', revocada: 'red' };

/** One inspection link: who and for which body, its state, "Revocar" (confirmed) while it works, and what was read. */
export function InspectionCard({ inspection }: { inspection: Inspection }) {
  const revoke = useRevokeInspection();
  const headingId = `inspeccion-${inspection.id}`;
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: `¿Revocar el enlace de ${inspection.nombre}?`,
      children: <Text size="sm">El enlace dejará de funcionar enseguida. Si hace falta, puedes abrir uno nuevo.</Text>,
      labels: { confirm: 'Revocar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(inspection.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: 'Enlace de inspección revocado.' }),
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo revocar el enlace', message: getErrorMessage(error) }),
        }),
    });

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={600} id={headingId} component="h3" fz="md" m={0}>
              {inspection.nombre} · {inspection.organismo}
            </Text>
            <Text size="sm">
              {inspection.estado === 'revocada'
                ? `Revocado el ${formatDateTime(inspection.revocadaEn)}`
                : inspection.estado === 'vencida'
                  ? `Valió ${inspectionUntilText(inspection.hasta)}`
                  : `Vale ${inspectionUntilText(inspection.hasta)}`}
            </Text>
            <Text size="xs" c="dimmed">
              Abierto el {formatDateTime(inspection.creadaEn)}
              {inspection.creadaPor ? ` por ${inspection.creadaPor}` : ''}
            </Text>
          </div>
          <Group gap="xs">
            <Badge color={stateColors[inspection.estado]} variant="light">
              {inspectionStateLabels[inspection.estado]}
            </Badge>
            {inspection.estado === 'activa' && (
              <Button size="xs" variant="subtle" color="red" onClick={confirmRevoke} disabled={revoke.isPending}>
                Revocar
              </Button>
            )}
          </Group>
        </Group>
        {inspection.lecturas.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nadie ha consultado aún este enlace.
          </Text>
        ) : (
          <details>
            <summary>
              <Text span size="sm">
                {countLabel(inspection.lecturas.length, 'consulta', 'consultas')}
              </Text>
            </summary>
            <ul aria-label={`Consultas de ${inspection.nombre}`}>
              {inspection.lecturas.map((read, index) => (
                <li key={`${read.en}-${index}`}>
                  <Text size="sm" span>
                    {formatDateTime(read.en)}:{' '}
                    {read.mascota ? `ficha del animal ${read.mascota.nombre || `n.º ${read.mascota.id}`}` : 'libro de registro'}
                  </Text>
                </li>
              ))}
            </ul>
          </details>
        )}
      </Stack>
    </Card>
  );
}
