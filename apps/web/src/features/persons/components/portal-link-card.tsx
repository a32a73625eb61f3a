import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { FOSTER_PORTAL_LINK_DAYS, type Person, type PortalLink, formatCount, personTexts } from '@refugio/contracts';
import { IconBrandWhatsapp, IconLink, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreatePortalLink, usePortalLinkState, useRevokePortalLink } from '../api/portal-link';

/** Why a channel cannot carry the link, or undefined when it can: the address first, then the person's consent. */
export function whyNotByEmail(person: Person): string | undefined {
  if (!person.email) return 'Esta persona no tiene un correo.';
  return person.consentimientos.email ? undefined : personTexts.emailNoConsent;
}
export function whyNotByWhatsapp(person: Person): string | undefined {
  if (!person.telefono) return personTexts.whatsappNoPhone;
  return person.consentimientos.whatsapp ? undefined : personTexts.whatsappNoConsent;
}

/**
 * The foster's portal link on the person page: create it (and send it by e-mail or WhatsApp, or copy it), or
 * revoke it when one works. A new link replaces the previous one. A channel the person cannot be reached by (no
 * address, or no consent) is disabled, and the card says why.
 */
export function PortalLinkCard({ person }: { person: Person }) {
  const create = useCreatePortalLink();
  const revoke = useRevokePortalLink();
  const state = usePortalLinkState(person.id);
  const [link, setLink] = useState<PortalLink | undefined>();
  const hasLink = Boolean(link) || state.data?.activo === true;
  const noEmail = whyNotByEmail(person);
  const noWhatsapp = whyNotByWhatsapp(person);
  const onError = (error: unknown) => notifications.show({ color: 'red', title: 'No se pudo crear el enlace', message: getErrorMessage(error) });

  const make = (canal?: 'email' | 'whatsapp') =>
    create.mutate(
      { personaId: person.id, ...(canal && { canal }) },
      {
        onSuccess: (made) => {
          setLink(made);
          if (canal === 'whatsapp' && made.whatsappUrl) window.open(made.whatsappUrl, '_blank', 'noopener');
          notifications.show({
            color: 'teal',
            message:
              canal === 'email'
                ? 'Enlace del portal enviado por correo.'
                : canal === 'whatsapp'
                  ? 'Enlace preparado en WhatsApp.'
                  : 'Enlace del portal creado.',
          });
        },
        onError,
      },
    );

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: '¿Revocar el enlace del portal?',
      children: <Text size="sm">La casa de acogida no podrá entrar con el enlace que tiene. Puedes crear uno nuevo cuando quieras.</Text>,
      labels: { confirm: 'Revocar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(person.id, {
          onSuccess: () => {
            setLink(undefined);
            notifications.show({ color: 'teal', message: 'Enlace del portal revocado.' });
          },
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo revocar el enlace', message: getErrorMessage(error) }),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="portal-title">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="portal-title">
          Portal de acogida
        </Title>
        <Text size="sm" c="dimmed">
          Un enlace sin cuenta para ver sus mascotas y enviar novedades. Vale {formatCount(FOSTER_PORTAL_LINK_DAYS)} días; uno nuevo sustituye al
          anterior.
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconMail size={16} aria-hidden="true" />}
            disabled={Boolean(noEmail)}
            aria-describedby={noEmail ? 'portal-no-email' : undefined}
            loading={create.isPending}
            onClick={() => make('email')}
          >
            Enviar por correo
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
            disabled={Boolean(noWhatsapp) || create.isPending}
            aria-describedby={noWhatsapp ? 'portal-no-whatsapp' : undefined}
            onClick={() => make('whatsapp')}
          >
            Enviar por WhatsApp
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLink size={16} aria-hidden="true" />}
            disabled={create.isPending}
            onClick={() => make()}
          >
            Crear enlace
          </Button>
          {hasLink ? (
            <Button size="xs" variant="subtle" color="red" disabled={revoke.isPending} onClick={confirmRevoke}>
              Revocar enlace
            </Button>
          ) : null}
        </Group>
        {noEmail ? (
          <Text size="xs" c="dimmed" id="portal-no-email">
            Enviar por correo: {noEmail}
          </Text>
        ) : null}
        {noWhatsapp ? (
          <Text size="xs" c="dimmed" id="portal-no-whatsapp">
            Enviar por WhatsApp: {noWhatsapp}
          </Text>
        ) : null}
        {!link && state.data?.activo && state.data.venceEn ? (
          <Text size="xs" c="dimmed">
            Tiene un enlace que funciona hasta el {formatDateTime(state.data.venceEn)}. Por seguridad no se guarda: crea uno nuevo para copiarlo.
          </Text>
        ) : null}
        {link ? (
          <>
            <TextInput label="Enlace del portal" value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Text size="xs" c="dimmed">
              Vence el {formatDateTime(link.venceEn)}
            </Text>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
