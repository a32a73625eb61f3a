import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type FosterOffer, type FosterSearchSent, countLabel } from '@refugio/contracts';
import { IconBrandWhatsapp, IconHome, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFosterSearch, usePlaceFromOffer, useSendFosterSearch } from '../api/volunteers';

const answerBadge = (offer: FosterOffer) =>
  offer.colocadaEn ? (
    <Badge color="teal.9" variant="filled" tt="none">
      En acogida con esta casa
    </Badge>
  ) : offer.respuesta === 'si' ? (
    <Badge color="teal.9" variant="light" tt="none">
      Sí puede
    </Badge>
  ) : offer.respuesta === 'no' ? (
    <Badge color="gray.8" variant="light" tt="none">
      No puede
    </Badge>
  ) : (
    <Badge color="gray.8" variant="outline" tt="none">
      {offer.activa ? 'Sin respuesta' : 'Enlace caducado'}
    </Badge>
  );

/**
 * "Busco acogida" on the pet page: the card goes to the suggested foster homes by e-mail or WhatsApp, each with a
 * link to answer; the answers show here, and a home that said yes takes the pet in one step.
 */
export function FosterSearchSection({ petId }: { petId: number }) {
  const search = useFosterSearch(petId);
  const send = useSendFosterSearch(petId);
  const place = usePlaceFromOffer(petId);
  const [sent, setSent] = useState<FosterSearchSent | undefined>();
  const data = search.data;
  if (!data) return null;
  const atShelter = data.ubicacion === 'refugio';
  if (!atShelter && data.ofertas.length === 0) return null;
  const reachable = {
    email: data.candidatas.filter((c) => c.disponible && c.email).length,
    whatsapp: data.candidatas.filter((c) => c.disponible && c.whatsapp).length,
  };
  const onError = (error: unknown) => notifications.show({ color: 'red', title: 'No se pudo hacer', message: getErrorMessage(error) });
  const doSend = (canal: 'email' | 'whatsapp') =>
    send.mutate(
      { canal },
      {
        onSuccess: (result) => {
          setSent(result);
          notifications.show({
            color: 'teal',
            message:
              canal === 'email'
                ? `Ficha enviada por correo a ${countLabel(result.enviadas, 'casa', 'casas')}.`
                : `Enlaces de WhatsApp preparados para ${countLabel(result.enviadas, 'casa', 'casas')}: ábrelos uno a uno.`,
          });
        },
        onError,
      },
    );
  // Sending asks first: it writes to every suggested home at once. Links sent before keep working.
  const confirmSend = (canal: 'email' | 'whatsapp') =>
    modals.openConfirmModal({
      title:
        canal === 'email'
          ? `¿Enviar la ficha por correo a ${countLabel(reachable.email, 'casa', 'casas')}?`
          : `¿Preparar la ficha por WhatsApp para ${countLabel(reachable.whatsapp, 'casa', 'casas')}?`,
      children: (
        <Text size="sm">
          Cada casa recibe un enlace para responder si puede acoger. Los enlaces enviados antes siguen funcionando hasta que caduquen.
        </Text>
      ),
      labels: { confirm: canal === 'email' ? 'Enviar por correo' : 'Preparar los enlaces', cancel: 'Cancelar' },
      onConfirm: () => doSend(canal),
    });
  const confirmPlace = (offer: FosterOffer) =>
    modals.openConfirmModal({
      title: `¿Colocar en acogida con ${offer.persona.nombre}?`,
      children: <Text size="sm">Se registra hoy la salida a acogida con esta casa. Las demás casas verán que ya tiene acogida.</Text>,
      labels: { confirm: 'Colocar en acogida', cancel: 'Cancelar' },
      onConfirm: () =>
        place.mutate(offer.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: `En acogida con ${offer.persona.nombre}.` }),
          onError,
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="busco-acogida-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="busco-acogida-title">
          Busco acogida
        </Title>
        {atShelter ? (
          <>
            <Text size="sm">
              {data.candidatas.length === 0
                ? 'No hay casas de acogida que acepten a esta mascota.'
                : `${countLabel(data.candidatas.length, 'casa de acogida sugerida', 'casas de acogida sugeridas')}: ${reachable.email} por correo, ${reachable.whatsapp} por WhatsApp.`}
            </Text>
            <Group gap="xs">
              <Button
                leftSection={<IconMail size={16} aria-hidden="true" />}
                disabled={reachable.email === 0}
                loading={send.isPending && send.variables?.canal === 'email'}
                onClick={() => confirmSend('email')}
              >
                Enviar por correo
              </Button>
              <Button
                variant="light"
                leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
                disabled={reachable.whatsapp === 0}
                loading={send.isPending && send.variables?.canal === 'whatsapp'}
                onClick={() => confirmSend('whatsapp')}
              >
                Enviar por WhatsApp
              </Button>
            </Group>
          </>
        ) : null}
        {sent && sent.whatsapp.length > 0 ? (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Enlaces de WhatsApp para enviar">
            {sent.whatsapp.map((w) => (
              <li key={w.personaId}>
                <Anchor href={w.url} target="_blank" rel="noopener noreferrer" size="sm">
                  Abrir WhatsApp con {w.nombre}
                </Anchor>
              </li>
            ))}
          </Stack>
        ) : null}
        {data.ofertas.length === 0 ? (
          <Text size="sm" c="dimmed">
            Aún no se ha enviado a ninguna casa.
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Respuestas de las casas de acogida">
            {data.ofertas.map((offer) => (
              <li key={offer.id}>
                <Group gap="xs" wrap="wrap">
                  <Anchor component={Link} to={`/personas/${offer.persona.id}`} size="sm" fw={600}>
                    {offer.persona.nombre}
                  </Anchor>
                  {answerBadge(offer)}
                  <Text span size="xs" c="dimmed">
                    {offer.canal === 'email' ? 'Correo' : 'WhatsApp'}, {formatDateTime(offer.enviadaEn)}
                    {offer.respondidaEn ? ` · respondió ${formatDateTime(offer.respondidaEn)}` : ''}
                  </Text>
                  {atShelter && offer.respuesta === 'si' ? (
                    <Button
                      size="compact-sm"
                      leftSection={<IconHome size={14} aria-hidden="true" />}
                      disabled={place.isPending}
                      onClick={() => confirmPlace(offer)}
                      aria-label={`Colocar en acogida con ${offer.persona.nombre}`}
                    >
                      Colocar en acogida
                    </Button>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
