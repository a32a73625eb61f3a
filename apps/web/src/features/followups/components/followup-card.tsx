import { Anchor, Badge, Button, Card, Checkbox, Group, Image, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Followup, type FollowupState, followupAnswerLabels, followupStateLabels, followupTypeLabels, formatDay } from '@refugio/contracts';
import { IconBrandWhatsapp, IconChevronDown, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useAddFollowupPhotos, useFollowupAction, useSendFollowup } from '../api/followup-actions';

const stateColors: Record<FollowupState, string> = { pendiente: 'gray', enviado: 'blue', respondido: 'teal', hecho: 'teal', anulado: 'dark' };
const answerColors = { bien: 'teal', regular: 'yellow', necesito_ayuda: 'red' } as const;
const dateTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

/** One check-in or obligation: what it is, for whom, when; the answer with its photos; the actions that apply. */
export function FollowupCard({ item, showPet = true, showPerson = true }: { item: Followup; showPet?: boolean; showPerson?: boolean }) {
  const send = useSendFollowup();
  const act = useFollowupAction();
  const addPhotos = useAddFollowupPhotos();
  const [chosen, setChosen] = useState<number[]>([]);
  const titleId = `seguimiento-${item.id}`;
  const isCheckIn = item.tipo === 'seguimiento';
  const canSend = isCheckIn && (item.estado === 'pendiente' || item.estado === 'enviado');
  const help = item.respuesta?.comoVa === 'necesito_ayuda' && item.respuesta.atendidoEn === null;

  const sendNow = (canal: 'email' | 'whatsapp') =>
    send.mutate(
      { id: item.id, canal },
      {
        onSuccess: (sent) => {
          if (canal === 'whatsapp' && sent.whatsappUrl) window.open(sent.whatsappUrl, '_blank', 'noopener');
          notifications.show({ color: 'teal', message: canal === 'email' ? 'Seguimiento enviado por correo.' : 'Enlace preparado en WhatsApp.' });
        },
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo enviar', message: getErrorMessage(error) }),
      },
    );

  const markDone = () =>
    act.mutate(
      { id: item.id, accion: 'hecho', version: item.version },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: (
              <Group gap="sm" justify="space-between">
                <span>Marcada como hecha: {followupTypeLabels[item.tipo]}.</span>
                <Button size="compact-sm" variant="subtle" onClick={() => act.mutate({ id: item.id, accion: 'deshacer' })}>
                  Deshacer
                </Button>
              </Group>
            ),
          }),
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo marcar', message: getErrorMessage(error) }),
      },
    );

  const handled = () =>
    act.mutate(
      { id: item.id, accion: 'atendido' },
      { onError: (error) => notifications.show({ color: 'red', title: 'No se pudo marcar', message: getErrorMessage(error) }) },
    );

  const toGallery = () =>
    modals.openConfirmModal({
      title: `¿Añadir ${chosen.length === 1 ? 'la foto' : `${chosen.length} fotos`} a la galería de ${item.mascota.nombre}?`,
      children: <Text size="sm">Aparecerán en su galería y la mascota llevará la etiqueta «Final feliz».</Text>,
      labels: { confirm: 'Añadir a la galería', cancel: 'Cancelar' },
      onConfirm: () =>
        addPhotos.mutate(
          { id: item.id, fotos: chosen },
          {
            onSuccess: () => {
              setChosen([]);
              notifications.show({ color: 'teal', message: 'Fotos añadidas a la galería.' });
            },
            onError: (error) => notifications.show({ color: 'red', title: 'No se pudieron añadir', message: getErrorMessage(error) }),
          },
        ),
    });

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h4" id={titleId}>
            {followupTypeLabels[item.tipo]}
            {showPet ? (
              <>
                {' · '}
                <Anchor component={Link} to={`/mascota/${item.mascota.id}`}>
                  {item.mascota.nombre}
                </Anchor>
              </>
            ) : null}
          </Title>
          <Group gap={6}>
            {help ? <Badge color="red">Pide ayuda</Badge> : null}
            {item.vencido ? <Badge color="orange">Vencido</Badge> : null}
            <Badge color={stateColors[item.estado]} variant="light">
              {followupStateLabels[item.estado]}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">
          {isCheckIn ? 'Para el' : 'Vence el'} {formatDay(item.vence)}
          {showPerson && item.persona ? (
            <>
              {' · '}
              <Anchor component={Link} to={`/personas/${item.persona.id}`}>
                {item.persona.nombre}
              </Anchor>
            </>
          ) : null}
          {item.enviadoEn ? ` · Enviado el ${dateTime.format(new Date(item.enviadoEn))}` : ''}
        </Text>
        {item.respuesta ? (
          <Stack gap={6}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Respuesta:
              </Text>
              <Badge color={answerColors[item.respuesta.comoVa]}>{followupAnswerLabels[item.respuesta.comoVa]}</Badge>
              <Text size="xs" c="dimmed">
                {dateTime.format(new Date(item.respuesta.respondidoEn))}
              </Text>
            </Group>
            {item.respuesta.comentario ? <Text style={{ whiteSpace: 'pre-wrap' }}>{item.respuesta.comentario}</Text> : null}
            {item.respuesta.fotos.length > 0 ? (
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                {item.respuesta.fotos.map((foto) => (
                  <Stack key={foto.indice} gap={4}>
                    <a href={foto.url} target="_blank" rel="noreferrer">
                      <Image src={foto.miniatura} alt={`Foto ${foto.indice + 1} de ${item.mascota.nombre}`} radius="sm" h={120} fit="cover" />
                    </a>
                    <Checkbox
                      label={`Elegir la foto ${foto.indice + 1}`}
                      checked={chosen.includes(foto.indice)}
                      onChange={(e) => setChosen(e.currentTarget.checked ? [...chosen, foto.indice] : chosen.filter((i) => i !== foto.indice))}
                    />
                  </Stack>
                ))}
              </SimpleGrid>
            ) : null}
          </Stack>
        ) : null}
        <Group gap="xs">
          {canSend ? (
            <Menu position="bottom-start">
              <Menu.Target>
                <Button variant="light" loading={send.isPending} rightSection={<IconChevronDown size={16} aria-hidden="true" />}>
                  Enviar ahora
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconMail size={16} aria-hidden="true" />} onClick={() => sendNow('email')}>
                  Por correo
                </Menu.Item>
                <Menu.Item leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />} onClick={() => sendNow('whatsapp')}>
                  Por WhatsApp
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
          {!isCheckIn && item.estado === 'pendiente' ? (
            <Button color="teal" loading={act.isPending} onClick={markDone}>
              Marcar hecho
            </Button>
          ) : null}
          {help ? (
            <Button color="red" variant="light" loading={act.isPending} onClick={handled}>
              Marcar atendido
            </Button>
          ) : null}
          {chosen.length > 0 ? (
            <Button variant="default" loading={addPhotos.isPending} onClick={toGallery}>
              Añadir a la galería
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
