import { Alert, Loader, Group, Text, Title, Paper } from '@mantine/core';
import { type LinkCheck, countLabel } from '@refugio/contracts';
import { IconAlertTriangle, IconLink } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format-date';

export function LinkChecking() {
  return (
    <Group gap="sm" role="status" aria-live="polite" py="xl" justify="center">
      <Loader size="sm" />
      <Text c="dimmed">Comprobando el enlace...</Text>
    </Group>
  );
}

/** Why a link cannot take a registration: the server's Spanish message, instead of the form. */
export function InvalidLink({ mensaje }: { mensaje: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={20} aria-hidden="true" />}
        title="Este enlace no se puede usar"
        role="alert"
      >
        <Text>{mensaje}</Text>
      </Alert>
    </Paper>
  );
}

/** Who the link was issued to and how many pets it can still register. */
export function ValidLink({ check }: { check: Extract<LinkCheck, { valido: true }> }) {
  return (
    <Alert color="teal" variant="light" icon={<IconLink size={20} aria-hidden="true" />}>
      <Title order={2} fz="sm">
        Enlace para {check.destinatario}
      </Title>
      <Text size="sm">
        Puedes registrar {countLabel(check.restantes, 'mascota', 'mascotas')} más hasta el {formatDate(check.venceEn)}.
      </Text>
    </Alert>
  );
}
