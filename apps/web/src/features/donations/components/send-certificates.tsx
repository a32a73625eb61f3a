import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { countLabel } from '@refugio/contracts';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSendCertificates } from '../api/certificates';
import { certificateExclusionLabels } from '../lib/money';

/**
 * "Enviar certificados de {año}": after a confirmation, e-mails each donor of the year their certificate (the server
 * sends each one once, so a second press only schedules the new ones), then says how many were scheduled, how many
 * already were, and who gets none and why.
 */
export function SendCertificates({ anio }: { anio: number }) {
  const send = useSendCertificates();
  const result = send.data?.anio === anio ? send.data : null;
  const openConfirm = () =>
    modals.openConfirmModal({
      title: `Enviar los certificados de ${anio}`,
      children: (
        <Text size="sm">
          Cada donante de {anio} con NIF, correo electrónico y consentimiento recibirá por correo su certificado de donaciones. A quien ya se le
          programó o envió no se le repite.
        </Text>
      ),
      labels: { confirm: 'Enviar certificados', cancel: 'Cancelar' },
      onConfirm: () => send.mutate(anio),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="certificados-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="certificados-title">
          Certificados de donaciones
        </Title>
        <Text size="sm" c="dimmed">
          Envía a cada donante el certificado para su declaración de la renta.
        </Text>
        <Group>
          <Button leftSection={<IconMail size={16} aria-hidden="true" />} loading={send.isPending} onClick={openConfirm}>
            Enviar certificados de {anio}
          </Button>
        </Group>
        {send.error && send.variables === anio ? (
          <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="No se pudieron enviar los certificados" role="alert">
            {getErrorMessage(send.error)}
          </Alert>
        ) : null}
        {result ? (
          <Stack gap="xs" aria-live="polite">
            <Text size="sm">
              <strong>{countLabel(result.programados, 'certificado programado', 'certificados programados')}</strong> para enviar ahora ·{' '}
              {countLabel(result.yaProgramados, 'ya estaba programado o enviado', 'ya estaban programados o enviados')}
            </Text>
            {result.excluidos.length > 0 ? (
              <>
                <Text size="sm">No se envía a {countLabel(result.excluidos.length, 'persona', 'personas')}:</Text>
                <Stack gap="xs" role="list" aria-label="Donantes sin certificado por correo">
                  {result.excluidos.map((row) => (
                    <Group key={row.persona.id} gap="xs" role="listitem" wrap="wrap">
                      <Anchor component={Link} to={`/personas/${row.persona.id}`} fw={600}>
                        {row.persona.nombre || 'Sin nombre'}
                      </Anchor>
                      <Badge color="orange" variant="light" size="sm" style={{ textTransform: 'none' }}>
                        {certificateExclusionLabels[row.motivo]}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              </>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
