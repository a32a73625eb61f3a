import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { FOSTER_PORTAL_LINK_DAYS, type Person, type PortalLink, formatCount } from '@refugio/contracts';
import { IconBrandWhatsapp, IconLink, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreatePortalLink, useRevokePortalLink } from '../api/portal-link';

/**
 * The foster's portal link on the person page: create it (and send it by e-mail or WhatsApp, or copy it), or
 * revoke it. A new link replaces the previous one.
 */
export function PortalLinkCard({ person }: { person: Person }) {
  const create = useCreatePortalLink();
  const revoke = useRevokePortalLink();
  const [link, setLink] = useState<PortalLink | undefined>();
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
            disabled={!person.email}
            loading={create.isPending}
            onClick={() => make('email')}
          >
            Enviar por correo
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
            disabled={!person.telefono || create.isPending}
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
          <Button size="xs" variant="subtle" color="red" disabled={revoke.isPending} onClick={confirmRevoke}>
            Revocar enlace
          </Button>
        </Group>
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
