import { Alert, Anchor, Badge, Button, Group, Image, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  PROCEDENCIAS,
  PROCEDENCIA_DETAIL_MAX_LENGTH,
  type Procedencia,
  intakeMessages,
  petFormMessages,
  procedenciaLabels,
  rejectRequestInputSchema,
} from '@refugio/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LinkedPerson } from '../../../components/ui/linked-person';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { WhatsappDialog } from '../../../components/ui/whatsapp-dialog';
import { formatDate } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useLinkedPersonPanel } from '../../../lib/linked-person';
import { useApprovePublicationRequest, useRejectPublicationRequest } from '../api/decide-publication-request';
import { usePublicationRequest, type PublicationRequestView } from '../api/get-publication-request';
import { RequestStateBadge } from './request-badge';
import { PhoneText } from '../../../components/ui/phone-text';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function RejectForm({ request, onDone }: { request: PublicationRequestView; onDone: () => void }) {
  const reject = useRejectPublicationRequest();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = rejectRequestInputSchema.safeParse({ motivo });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        reject.mutate(
          { id: request.id, motivo: parsed.data.motivo },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: 'Solicitud rechazada', message: request.nombre });
              onDone();
            },
            onError: (e) => notifications.show({ color: 'red', title: 'No se pudo rechazar', message: getErrorMessage(e) }),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Motivo del rechazo"
          required
          autosize
          minRows={2}
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={reject.isPending}>
            Rechazar solicitud
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who registered the pet: a link to their person, "Persona bloqueada: ..." when they are, and WhatsApp. */
function RequestPerson({ request }: { request: PublicationRequestView }) {
  const panel = useLinkedPersonPanel(request.personaId, request.contactoNombre, request.alerta === 'persona_bloqueada');
  if (!panel.linked) return null;
  return (
    <>
      <LinkedPerson {...panel.linked} />
      <WhatsappDialog {...panel.dialog} />
    </>
  );
}

function RequestBody({ request, onClose }: { request: PublicationRequestView; onClose: () => void }) {
  const approve = useApprovePublicationRequest();
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const [procedencia, setProcedencia] = useState<Procedencia | null>(null);
  const [procedenciaDetalle, setProcedenciaDetalle] = useState('');
  const images = request.media.filter((m) => m.kind !== 'video');
  const videos = request.media.filter((m) => m.kind === 'video');

  const onApprove = () =>
    approve.mutate(
      {
        id: request.id,
        ...(procedencia ? { procedencia } : {}),
        ...(procedenciaDetalle.trim() ? { procedenciaDetalle: procedenciaDetalle.trim() } : {}),
      },
      {
        onSuccess: ({ mascotaId }) => {
          notifications.show({
            color: 'teal',
            title: 'Solicitud aprobada',
            message: `${request.nombre} quedó como borrador: revísala y prográmala.`,
          });
          onClose();
          void navigate(`/editar/${mascotaId}`);
        },
        onError: (e) => notifications.show({ color: 'red', title: 'No se pudo aprobar', message: getErrorMessage(e) }),
      },
    );

  return (
    <Stack gap="md">
      <RequestPerson request={request} />
      <Group gap="xs">
        <RequestStateBadge estado={request.estado} />
        <Text size="sm" c="dimmed">
          Recibida el {formatDate(request.createdAt)} · Referencia #{request.id}
        </Text>
      </Group>
      {request.estado === 'rechazada' && (
        <Alert color="red" variant="light" title="Rechazada">
          {request.motivoRechazo}
          {request.decididoPorNombre && ` (${request.decididoPorNombre}, ${formatDate(request.decididoEn)})`}
        </Alert>
      )}
      {request.estado === 'aprobada' && request.mascotaId !== null && (
        <Alert color="teal" variant="light" title="Aprobada">
          Se creó la mascota{' '}
          <Anchor component={Link} to={`/mascota/${request.mascotaId}`}>
            #{request.mascotaId}
          </Anchor>{' '}
          como borrador.
        </Alert>
      )}
      <Title order={3} fz="h5">
        La mascota
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Field label="Nombre">{request.nombre}</Field>
        <Field label="Edad">{request.edad}</Field>
        <Field label="Tipo">{request.tipo}</Field>
        <Field label="Género">{request.genero}</Field>
        <Field label="Tamaño">{request.tamano}</Field>
        <Field label="Discapacidad">{request.discapacidad ? 'Sí' : 'No'}</Field>
      </SimpleGrid>
      <Field label="Personalidad">{request.personalidad}</Field>
      <Field label="Historia">{request.historia}</Field>
      {request.tags.length > 0 && (
        <Group gap={4}>
          {request.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <Title order={3} fz="h5">
        Quién la registró
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Field label="Nombre">{request.contactoNombre}</Field>
        <Field label="Correo">{request.contactoEmail}</Field>
        <Field label="Teléfono">{request.contactoTelefono ? <PhoneText value={request.contactoTelefono} /> : null}</Field>
      </SimpleGrid>
      <Field label="Enlace y paquete">
        {request.enlaceId ? `${request.destinatario ?? ''} · ${request.paqueteNombre ?? ''}` : intakeMessages.withoutLink}
      </Field>
      <Title order={3} fz="h5">
        Fotos y videos
      </Title>
      {request.media.length === 0 ? (
        <Text size="sm" c="dimmed">
          {request.estado === 'pendiente' ? 'Sin fotos ni videos.' : 'Los archivos ya no se conservan.'}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {images.map((m) => (
              <Anchor key={m.index} href={m.url} target="_blank" rel="noreferrer">
                <Image
                  src={m.thumbnailUrl}
                  alt={`${m.kind === 'principal' ? 'Foto principal' : 'Foto'}: ${m.nombre}`}
                  radius="sm"
                  h={120}
                  fit="cover"
                />
              </Anchor>
            ))}
          </SimpleGrid>
          {videos.map((m) => (
            <video
              key={m.index}
              src={m.url}
              controls
              preload="metadata"
              style={{ width: '100%', maxHeight: 280 }}
              aria-label={`Video: ${m.nombre}`}
            />
          ))}
        </>
      )}
      {request.estado === 'pendiente' &&
        (rejecting ? (
          <RejectForm request={request} onDone={onClose} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={petFormMessages.procedencia}
                description={petFormMessages.procedenciaDescription}
                placeholder={petFormMessages.procedenciaSinIndicar}
                data={PROCEDENCIAS.map((value) => ({ value, label: procedenciaLabels[value] }))}
                value={procedencia}
                onChange={(value) => setProcedencia(value)}
                clearable
              />
              <TextInput
                label={petFormMessages.procedenciaDetalle}
                placeholder={petFormMessages.procedenciaDetallePlaceholder}
                maxLength={PROCEDENCIA_DETAIL_MAX_LENGTH}
                value={procedenciaDetalle}
                onChange={(e) => setProcedenciaDetalle(e.currentTarget.value)}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" color="red" leftSection={<IconX size={18} aria-hidden="true" />} onClick={() => setRejecting(true)}>
                Rechazar
              </Button>
              <Button leftSection={<IconCheck size={18} aria-hidden="true" />} onClick={onApprove} loading={approve.isPending}>
                Aprobar y crear borrador
              </Button>
            </Group>
          </>
        ))}
    </Stack>
  );
}

/** One request with everything it carries; approve (creates the draft pet) or reject with a reason. */
export function RequestDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const request = usePublicationRequest(id);
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="lg"
      title={request.data ? `Solicitud: ${request.data.nombre}` : 'Solicitud de publicación'}
      fullScreen={false}
    >
      {request.isPending ? (
        <ListLoading label="Cargando solicitud..." />
      ) : request.isError ? (
        <ListLoadError title="No se pudo cargar la solicitud" onRetry={() => void request.refetch()}>
          {getErrorMessage(request.error)}
        </ListLoadError>
      ) : (
        <RequestBody key={request.data.id} request={request.data} onClose={onClose} />
      )}
    </Modal>
  );
}
