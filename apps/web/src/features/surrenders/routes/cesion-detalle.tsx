import { Alert, Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Stepper, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  SURRENDER_MESSAGE_TEMPLATES,
  SURRENDER_STEPS,
  type Surrender,
  type SurrenderMessageKey,
  type SurrenderState,
  formatDay,
  surrenderStateLabels,
  surrenderUrgencyLabels,
} from '@refugio/contracts';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { SurrenderPageSections } from '../../../components/ui/page-sections';
import { PhoneText } from '../../../components/ui/phone-text';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSurrender, useSurrenderNotes, useSurrenderStep } from '../api/surrenders';
import { OwnerMessageDialog, OwnerMessages } from '../components/owner-messages';
import { urgencyColor } from './cesiones';

const PATH: SurrenderState[] = ['nueva', 'lista_espera', 'aceptada', 'ingresada'];
const stepLabels: Partial<Record<SurrenderState, string>> = {
  lista_espera: 'Pasar a lista de espera',
  aceptada: 'Aceptar la cesión',
  ingresada: 'Registrar la entrada del animal',
  rechazada: 'Rechazar',
  retirada: 'Marcar como retirada',
};

/** The template each step offers to tell the owner with (none for the animal's entry). */
const stepMessage = SURRENDER_MESSAGE_TEMPLATES as Partial<Record<SurrenderState, SurrenderMessageKey>>;

/** The steps of the request; after one with a message to the owner, `onStep` offers it. */
function StepActions({ item, onStep }: { item: Surrender; onStep: (estado: SurrenderState) => void }) {
  const step = useSurrenderStep();
  const [motivo, setMotivo] = useState('');
  const go = (estado: SurrenderState) => {
    const closing = estado === 'rechazada' || estado === 'retirada';
    modals.openConfirmModal({
      title: `${stepLabels[estado]}: ${item.nombreAnimal}`,
      children: (
        <Text size="sm">
          {estado === 'aceptada'
            ? 'Se preparará el contrato de cesión con los datos del propietario y del animal, para enviarlo a firmar o firmarlo aquí. Firmado, el animal entra en el refugio.'
            : estado === 'ingresada'
              ? 'Se creará la ficha de la mascota con su ingreso (procedencia: cesión) y sus fotos, y el propietario quedará como persona cedente.'
              : closing
                ? `La solicitud quedará ${surrenderStateLabels[estado].toLowerCase()} con el motivo escrito.`
                : `La solicitud pasará a «${surrenderStateLabels[estado]}».`}
        </Text>
      ),
      labels: { confirm: stepLabels[estado] ?? 'Confirmar', cancel: 'Cancelar' },
      confirmProps: closing ? { color: 'red' } : {},
      onConfirm: () =>
        step.mutate(
          { id: item.id, estado, version: item.version, ...(motivo.trim() ? { motivo: motivo.trim() } : {}) },
          {
            onSuccess: () => {
              setMotivo('');
              notifications.show({ color: 'teal', message: `Solicitud: ${surrenderStateLabels[estado]}.` });
              onStep(estado);
            },
            onError: (error) => notifications.show({ color: 'red', title: 'No se pudo cambiar el estado', message: getErrorMessage(error) }),
          },
        ),
    });
  };
  const next = SURRENDER_STEPS[item.estado];
  if (next.length === 0) return null;
  return (
    <Stack gap="xs">
      <Textarea
        label="Motivo (obligatorio para rechazar o retirar)"
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Group gap="xs" wrap="wrap">
        {next.map((estado) => (
          <Button
            key={estado}
            variant={estado === 'rechazada' || estado === 'retirada' ? 'outline' : 'filled'}
            color={estado === 'rechazada' || estado === 'retirada' ? 'red' : undefined}
            disabled={(estado === 'rechazada' || estado === 'retirada') && motivo.trim() === ''}
            loading={step.isPending && step.variables?.estado === estado}
            onClick={() => go(estado)}
          >
            {stepLabels[estado]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function Notes({ item }: { item: Surrender }) {
  const save = useSurrenderNotes();
  const [notas, setNotas] = useState(item.notas);
  const changed = notas !== item.notas;
  return (
    <Stack gap="xs">
      <Textarea label="Notas internas" value={notas} onChange={(e) => setNotas(e.currentTarget.value)} autosize minRows={3} maxLength={8000} />
      <Group>
        <Button
          variant="light"
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: item.id, notas, version: item.version },
              {
                onSuccess: () => notifications.show({ color: 'teal', message: 'Notas guardadas.' }),
                onError: (error) => notifications.show({ color: 'red', title: 'No se pudieron guardar', message: getErrorMessage(error) }),
              },
            )
          }
        >
          Guardar notas
        </Button>
      </Group>
    </Stack>
  );
}

/** Cesión (/cesiones/{id}): the owner, the animal with its photos, the reason, the steps and the notes. */
function CesionDetalleScreen() {
  const id = Number(useParams().id);
  const query = useSurrender(id);
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  // The message to the owner being written: the template of the step just taken, or of the request's state (undefined).
  const [writing, setWriting] = useState<{ plantilla: SurrenderMessageKey | null } | null>(null);
  if (query.isPending) return <ListLoading label="Cargando la solicitud..." />;
  if (query.isError) return <Text c="red">{getErrorMessage(query.error)}</Text>;
  const item = query.data;
  const closed = item.estado === 'rechazada' || item.estado === 'retirada';
  return (
    <Stack gap="lg">
      <title>{`Cesión de ${item.nombreAnimal} · Refugio Admin`}</title>
      <Anchor component={Link} to="/cesiones" size="sm">
        ← Cesiones
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Cesión de {item.nombreAnimal}
        </Title>
        <Group gap="xs">
          <Badge color={urgencyColor[item.urgencia]} variant="light">
            Urgencia {surrenderUrgencyLabels[item.urgencia].toLowerCase()}
          </Badge>
          <Badge variant="outline">{surrenderStateLabels[item.estado]}</Badge>
        </Group>
      </Group>
      {closed ? (
        <Alert color="gray" title={surrenderStateLabels[item.estado]}>
          {item.motivoDecision || 'Sin motivo escrito.'}
        </Alert>
      ) : (
        <Stepper active={PATH.indexOf(item.estado)} size="sm" aria-label="Pasos de la cesión">
          {PATH.map((estado) => (
            <Stepper.Step key={estado} label={surrenderStateLabels[estado]} />
          ))}
        </Stepper>
      )}
      {item.mascotaId !== null ? (
        <Alert color="teal" title="El animal ha entrado en el refugio">
          <Anchor component={Link} to={`/mascota/${item.mascotaId}`} c="teal.9" underline="always">
            Ver la ficha de {item.nombreAnimal}
          </Anchor>
          {item.personaId !== null ? (
            <>
              {' · '}
              <Anchor component={Link} to={`/personas/${item.personaId}`} c="teal.9" underline="always">
                Ver a {item.nombre}
              </Anchor>
            </>
          ) : null}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="animal-titulo">
          <Title order={2} fz="h4" id="animal-titulo" mb="xs">
            El animal
          </Title>
          <Text>
            {item.especie}, {item.sexo}, {item.edad}
          </Text>
          <Text>Microchip: {item.microchip || 'sin microchip'}</Text>
          {item.fotos.length > 0 ? (
            <SimpleGrid cols={3} mt="sm">
              {item.fotos.map((f) => (
                <a key={f.indice} href={`/api/cesiones/${item.id}/fotos/${f.indice}`} target="_blank" rel="noreferrer">
                  <Image
                    src={`/api/cesiones/${item.id}/fotos/${f.indice}?miniatura`}
                    alt={`Foto ${f.indice + 1} de ${item.nombreAnimal}`}
                    radius="sm"
                  />
                </a>
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              Sin fotos.
            </Text>
          )}
        </Card>
        <Card withBorder component="section" aria-labelledby="propietario-titulo">
          <Title order={2} fz="h4" id="propietario-titulo" mb="xs">
            El propietario
          </Title>
          <Text>{item.nombre}</Text>
          <Text>DNI o NIE: {item.documento || 'sin indicar (solicitud anterior a pedirlo)'}</Text>
          {item.email ? <Anchor href={`mailto:${item.email}`}>{item.email}</Anchor> : null}
          {item.telefono ? <PhoneText value={item.telefono} /> : null}
          <Text size="sm" c="dimmed" mt="xs">
            Recibida el {formatDay(item.createdAt.slice(0, 10))}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder component="section" aria-labelledby="motivo-titulo">
        <Title order={2} fz="h4" id="motivo-titulo" mb="xs">
          Motivo
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{item.motivo}</Text>
      </Card>
      {item.documentoPersona !== null && item.personaId !== null ? (
        <Alert color="yellow" title="El DNI o NIE no coincide con la ficha de la persona">
          La solicitud dice {item.documento}; la ficha de {item.nombre} guarda {item.documentoPersona || 'otro documento'}. Un formulario público no
          cambia la ficha: compruébalo con el propietario y, si la solicitud tiene razón, corrígelo en{' '}
          <Anchor component={Link} to={`/personas/${item.personaId}`} c="yellow.9" underline="always">
            la ficha de {item.nombre}
          </Anchor>
          .
        </Alert>
      ) : null}
      {item.organizacionSinNif && (item.estado === 'aceptada' || item.documentoId !== null) ? (
        <Alert color="yellow" title="El contrato no nombra el NIF de la entidad">
          Falta el NIF de la entidad en Configuración. Escríbelo allí y prepara el contrato de nuevo para que lo nombre.
        </Alert>
      ) : null}
      <SurrenderPageSections cesionId={item.id} aceptada={item.estado === 'aceptada'} onChange={refresh} />
      <StepActions
        item={item}
        onStep={(estado) => {
          const plantilla = stepMessage[estado];
          if (plantilla && (item.email || item.telefono)) setWriting({ plantilla });
        }}
      />
      <OwnerMessages item={item} onWrite={() => setWriting({ plantilla: null })} />
      <OwnerMessageDialog item={item} opened={writing !== null} plantilla={writing?.plantilla ?? null} onClose={() => setWriting(null)} />
      <Notes key={item.version} item={item} />
    </Stack>
  );
}

export { CesionDetalleScreen as Component };
