import { Alert, Anchor, Loader, Group, Text, Title, Paper } from '@mantine/core';
import { type LinkCheck, type OrganizationContact, countLabel } from '@refugio/contracts';
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

/** Links on the alert's tinted background: the text's own colour, always underlined (the theme's link colour falls under 4.5:1 there). */
const linkOnAlert = { c: 'inherit', underline: 'always', fw: 600 } as const;

/** Whom to ask for a new link: the organisation's name, e-mail and phone, those it has set. */
function OrganizationContact({ contacto }: { contacto: OrganizationContact }) {
  if (!contacto.email && !contacto.telefono) return null;
  return (
    <Text mt="xs">
      Para pedir un enlace nuevo, contacta con {contacto.nombre ?? 'el refugio'}
      {contacto.email ? (
        <>
          {' '}
          en{' '}
          <Anchor href={`mailto:${contacto.email}`} {...linkOnAlert}>
            {contacto.email}
          </Anchor>
        </>
      ) : null}
      {contacto.telefono ? (
        <>
          {contacto.email ? ' o' : ''} en el teléfono{' '}
          <Anchor href={`tel:${contacto.telefono.replace(/[^\d+]/g, '')}`} {...linkOnAlert}>
            {contacto.telefono}
          </Anchor>
        </>
      ) : null}
      .
    </Text>
  );
}

/** Why a link cannot take a registration: the server's Spanish message and whom to ask, instead of the form. */
export function InvalidLink({ mensaje, contacto }: { mensaje: string; contacto: OrganizationContact }) {
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
        <OrganizationContact contacto={contacto} />
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
      <Text size="sm" role="status">
        {check.restantes > 0
          ? `Puedes registrar ${countLabel(check.restantes, 'mascota', 'mascotas')} más hasta el ${formatDate(check.venceEn)}.`
          : 'Con este enlace ya registraste todas las mascotas que permitía.'}
      </Text>
    </Alert>
  );
}
