import { Alert, Anchor, Avatar, Button, Group, Paper, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADOPTION_MOVES, type AdoptionState, STAFF_NOTE_MAX, adoptedLabel, adoptionStateLabels } from '@refugio/contracts';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconNote, IconPaw } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdoptionStateBadge } from '../../../components/ui/adoption-state-badge';
import { LinkedPerson } from '../../../components/ui/linked-person';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { WhatsappDialog } from '../../../components/ui/whatsapp-dialog';
import { ApiError } from '../../../lib/api-client';
import { RequestPageSections } from '../../../components/ui/page-sections';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useLinkedPersonPanel } from '../../../lib/linked-person';
import { useAddAdoptionNote } from '../api/add-adoption-note';
import type { AdoptionRequestView } from '../api/request-view';
import { useAdoptionRequest } from '../api/get-adoption-request';
import { useMoveAdoptionRequest } from '../api/move-adoption-request';
import { type MoveChoice, MoveRequestModal, moveLabels } from '../components/move-request-modal';
import { RequestAnswers } from '../components/request-answers';
import { RequestContact } from '../components/request-contact';
import classes from './formulario.module.css';

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

function PetCard({ mascota }: { mascota: AdoptionRequestView['mascota'] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" wrap="nowrap">
        <Avatar src={mascota.miniatura} alt={`Foto de ${mascota.nombre}`} size={72} radius="md">
          <IconPaw size={32} aria-hidden="true" />
        </Avatar>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Mascota solicitada
          </Text>
          <Anchor component={Link} to={`/mascota/${mascota.id}`} fw={700} size="lg">
            {mascota.nombre}
          </Anchor>
          <Text size="sm" c="dimmed">
            {mascota.tipo}
            {mascota.adoptado ? ` · ${adoptedLabel(mascota.genero)}` : ''}
            {mascota.eliminada ? ' · Eliminada' : ''}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The applicant's person: a link to their page, "Persona bloqueada: ..." when they are, and WhatsApp. */
function RequestPerson({ request }: { request: AdoptionRequestView }) {
  const panel = useLinkedPersonPanel(request.personaId, request.nombre, request.alerta === 'persona_bloqueada');
  if (!panel.linked) return null;
  return (
    <>
      <LinkedPerson {...panel.linked} />
      <WhatsappDialog {...panel.dialog} />
    </>
  );
}

function StatusPanel({ request, onMove }: { request: AdoptionRequestView; onMove: (target: AdoptionState) => void }) {
  const moves = ADOPTION_MOVES[request.estado];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            Estado
          </Title>
          <AdoptionStateBadge estado={request.estado} size="lg" />
        </Group>
        {moves.length > 0 ? (
          <Group gap="xs">
            {moves.map((target) => (
              <Button
                key={target}
                size="sm"
                variant={target === 'retirada' ? 'default' : target === 'rechazada' ? 'light' : 'filled'}
                color={target === 'rechazada' ? 'red' : target === 'aprobada' ? 'teal' : undefined}
                onClick={() => onMove(target)}
              >
                {moveLabels[target]}
              </Button>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            La solicitud está cerrada: no admite más cambios de estado.
          </Text>
        )}
        {request.otrasAbiertas > 0 ? (
          <Text size="sm" c="dimmed">
            {request.otrasAbiertas === 1
              ? 'Hay otra solicitud abierta para esta mascota.'
              : `Hay otras ${request.otrasAbiertas} solicitudes abiertas para esta mascota.`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function NotesPanel({ request }: { request: AdoptionRequestView }) {
  const [nota, setNota] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addNote = useAddAdoptionNote();
  const notes = request.eventos.filter((e) => e.tipo === 'nota');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h4" mb="sm">
        Notas del equipo
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!nota.trim()) {
            setError('Escribe la nota.');
            return;
          }
          addNote.mutate(
            { id: request.id, nota: nota.trim() },
            {
              onSuccess: () => {
                setNota('');
                setError(null);
              },
              onError: (e) => setError((e instanceof ApiError && e.fieldErrors?.nota) || getErrorMessage(e)),
            },
          );
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Nueva nota"
            autosize
            minRows={2}
            maxLength={STAFF_NOTE_MAX}
            value={nota}
            error={error}
            onChange={(event) => setNota(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" size="sm" variant="light" loading={addNote.isPending} leftSection={<IconNote size={16} aria-hidden="true" />}>
              Agregar nota
            </Button>
          </Group>
        </Stack>
      </form>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          Todavía no hay notas.
        </Text>
      ) : (
        <Stack gap="sm" mt="md" component="ul" p={0} style={{ listStyle: 'none' }} aria-label="Notas">
          {notes
            .slice()
            .reverse()
            .map((note) => (
              <Paper component="li" key={note.id} withBorder radius="sm" p="sm" bg="var(--mantine-color-default-hover)">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {note.nota}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {note.autor?.nombre ?? 'Persona eliminada'} · {formatDateTime(note.createdAt)}
                </Text>
              </Paper>
            ))}
        </Stack>
      )}
    </Paper>
  );
}

function HistoryPanel({ request }: { request: AdoptionRequestView }) {
  const moves = request.eventos.filter((e) => e.tipo === 'estado');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h4" mb="md">
        Historial
      </Title>
      <Timeline active={moves.length - 1} bulletSize={20} lineWidth={2}>
        {moves.map((move) => (
          <Timeline.Item
            key={move.id}
            bullet={<IconArrowRight size={12} aria-hidden="true" />}
            title={
              move.deEstado
                ? `${adoptionStateLabels[move.deEstado]} → ${adoptionStateLabels[move.aEstado ?? 'nueva']}`
                : 'Solicitud recibida desde el catálogo público'
            }
          >
            {move.nota ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {move.nota}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" mt={4}>
              {move.deEstado ? `${move.autor?.nombre ?? 'Persona eliminada'} · ` : ''}
              {formatDateTime(move.createdAt)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}

/** Formulario (/formulario/{id}): one adoption request, its answers, status moves, notes and history. */
function FormularioScreen() {
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const request = useAdoptionRequest(id);
  const move = useMoveAdoptionRequest();
  const [target, setTarget] = useState<AdoptionState | null>(null);
  const data = request.data;

  const confirmMove = (choice: MoveChoice) => {
    if (!data || !target) return;
    move.mutate(
      {
        id: data.id,
        estado: target,
        version: data.version,
        ...(choice.nota ? { nota: choice.nota } : {}),
        ...(target === 'aprobada' ? { marcarAdoptada: choice.marcarAdoptada, cerrarOtras: choice.cerrarOtras } : {}),
      },
      {
        onSuccess: (updated) => {
          setTarget(null);
          notifications.show({
            color: 'teal',
            title: 'Estado actualizado',
            message: `La solicitud está ahora «${adoptionStateLabels[updated.estado]}».`,
          });
        },
        onError: (error) => {
          setTarget(null);
          // A 409 (someone moved it first): the screen reloads the request to show its current state.
          notifications.show({ color: 'red', title: 'No se pudo cambiar el estado', message: getErrorMessage(error) });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <title>{`${data ? `Solicitud de ${data.nombre}` : 'Formulario de Solicitud'} · Refugio Admin`}</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Anchor component={Link} to="/formularios" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              Formularios de Solicitud
            </Group>
          </Anchor>
          <Title order={1} fz="h2">
            {data ? `Solicitud de ${data.nombre}` : 'Formulario de Solicitud'}
          </Title>
          {data ? <Text c="dimmed">Recibida el {formatDateTime(data.createdAt)}</Text> : null}
        </div>
      </Group>
      {id === null ? (
        <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="Solicitud no encontrada">
          La dirección no indica una solicitud válida.
        </Alert>
      ) : data ? (
        // The state and its actions come first (on a phone, before the answers); on a wide screen they sit in
        // the right-hand column beside the answers, above the notes and the history.
        <div className={classes.layout}>
          <Stack gap="md" className={classes.status}>
            <RequestPerson request={data} />
            <StatusPanel request={data} onMove={setTarget} />
            <RequestContact request={data} />
            <RequestPageSections solicitudId={data.id} aprobada={data.estado === 'aprobada'} />
            <PetCard mascota={data.mascota} />
          </Stack>
          <div className={classes.answers}>
            <RequestAnswers request={data} />
          </div>
          <Stack gap="md" className={classes.more}>
            <NotesPanel request={data} />
            <HistoryPanel request={data} />
          </Stack>
          <MoveRequestModal
            key={target ?? 'none'}
            request={data}
            target={target}
            pending={move.isPending}
            onClose={() => setTarget(null)}
            onConfirm={confirmMove}
          />
        </div>
      ) : request.isError ? (
        <ListLoadError title="No se pudo cargar la solicitud" onRetry={() => void request.refetch()}>
          <Text size="sm">{getErrorMessage(request.error)}</Text>
        </ListLoadError>
      ) : (
        <ListLoading label="Cargando la solicitud..." />
      )}
    </Stack>
  );
}

export { FormularioScreen as Component };
