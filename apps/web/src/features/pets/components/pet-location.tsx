import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { locationLabels, type Movement, movementTypeLabels, type MovementType, type PersonRef, type PetLocation as Place } from '@refugio/contracts';
import { IconHomeSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MovementPageSections } from '../../../components/ui/page-sections';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePetMovements } from '../api/pet-movements';
import { allowedMovements, entryDefault, localToday } from '../lib/movement-rules';
import { procedenciaText } from '../lib/pet-identity-display';
import { FosterSuggestionsDialog } from './foster-suggestions-dialog';
import { MovementDialog } from './movement-dialog';
import { useCapabilities } from '../../../lib/role-lookup';

function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

function MovementItem({ petId, movement }: { petId: number; movement: Movement }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {formatDay(movement.fecha)}
        {movement.creadoPor ? ` · ${movement.creadoPor}` : ''}
        {movement.abierta ? ' · en curso' : ''}
      </Text>
      {movement.persona ? (
        <Anchor component={Link} to={`/personas/${movement.persona.id}`} size="sm">
          {movement.persona.nombre}
        </Anchor>
      ) : null}
      {movement.motivo ? (
        <Text size="sm">
          {movement.tipo === 'fallecimiento' ? 'Causa' : 'Motivo'}: {movement.motivo}
        </Text>
      ) : null}
      {movement.veterinario ? <Text size="sm">Veterinario: {movement.veterinario}</Text> : null}
      {movement.tipo === 'ingreso' ? (
        <Text size="sm">Procedencia: {procedenciaText(movement.procedencia ?? '', movement.procedenciaDetalle)}</Text>
      ) : null}
      {movement.notas ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {movement.notas}
        </Text>
      ) : null}
      <MovementPageSections petId={petId} movimientoId={movement.id} tipo={movement.tipo} conPersona={movement.persona !== null} />
    </Stack>
  );
}

/**
 * The location as the pet's own answer gives it, the person as a link for the roles that read persons (Veterinaria
 * does not: the name as text).
 */
function PlaceLine({ place }: { place: Place }) {
  const readsPersons = useCapabilities()('personas.ver');
  return (
    <Group gap="xs">
      <Badge size="lg" variant="light" tt="none">
        {locationLabels[place.tipo]}
      </Badge>
      {place.persona && readsPersons ? (
        <Anchor component={Link} to={`/personas/${place.persona.id}`} fw={700}>
          {place.persona.nombre}
        </Anchor>
      ) : place.persona ? (
        <Text fw={700}>{place.persona.nombre}</Text>
      ) : null}
      {place.desde ? (
        <Text size="sm" c="dimmed">
          desde el {formatDay(place.desde)}
        </Text>
      ) : null}
    </Group>
  );
}

/**
 * "Dónde está" for a role without the movements (Voluntariado, Veterinaria, Tesorería): where the pet is now, from
 * the pet's answer, with no timeline and no actions. The foster home's name links to its person page, where
 * Voluntariado sees its phone and address when the organisation allows it.
 */
export function PetPlace({ place }: { place: Place }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="donde-esta">
      <Title id="donde-esta" order={2} fz="h4" mb="sm">
        Dónde está
      </Title>
      <PlaceLine place={place} />
    </Paper>
  );
}

/** "Dónde está": the pet's location (the person as a link), its movements and an action for each kind allowed now. */
export function PetLocation({
  petId,
  petName,
  publicUrl,
  fechaIngreso = null,
}: {
  petId: number;
  petName: string;
  publicUrl: string | null;
  /** The pet's own entry date: an `ingreso` recorded here starts at it. */
  fechaIngreso?: string | null;
}) {
  const movements = usePetMovements(petId);
  const [recording, setRecording] = useState<{ tipo: MovementType; person: PersonRef | null } | null>(null);
  const [searching, setSearching] = useState(false);
  const data = movements.data;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="donde-esta">
      <Title id="donde-esta" order={2} fz="h4" mb="sm">
        Dónde está
      </Title>
      {movements.isError ? (
        <Alert color="red" role="alert">
          {getErrorMessage(movements.error)}
        </Alert>
      ) : !data ? (
        <Loader role="status" size="sm" aria-label="Cargando movimientos" />
      ) : (
        <Stack gap="md">
          <PlaceLine place={data.ubicacion} />
          {allowedMovements(data.ubicacion.tipo).length > 0 ? (
            <Group gap="xs" aria-label="Registrar un movimiento" role="group">
              {allowedMovements(data.ubicacion.tipo).map((tipo) => (
                <Button
                  key={tipo}
                  size="xs"
                  variant="light"
                  color={tipo === 'fallecimiento' ? 'red' : undefined}
                  onClick={() => setRecording({ tipo, person: null })}
                >
                  {movementTypeLabels[tipo]}
                </Button>
              ))}
              {data.ubicacion.tipo === 'refugio' ? (
                <Button size="xs" leftSection={<IconHomeSearch size={16} aria-hidden="true" />} onClick={() => setSearching(true)}>
                  Busco acogida
                </Button>
              ) : null}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Tras un traslado o un fallecimiento no se registran más movimientos.
            </Text>
          )}
          {data.movimientos.length === 0 ? (
            <Text size="sm" c="dimmed">
              Sin movimientos registrados.
            </Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} aria-label="Movimientos">
              {data.movimientos.map((m) => (
                <Timeline.Item key={m.id} title={movementTypeLabels[m.tipo]}>
                  <MovementItem petId={petId} movement={m} />
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      )}
      {searching ? (
        <FosterSuggestionsDialog
          petId={petId}
          petName={petName}
          publicUrl={publicUrl}
          onClose={() => setSearching(false)}
          onPlace={(person) => {
            setSearching(false);
            setRecording({ tipo: 'acogida', person });
          }}
        />
      ) : null}
      {recording && data ? (
        <MovementDialog
          petId={petId}
          petName={petName}
          version={data.version}
          tipo={recording.tipo}
          initialPerson={recording.person}
          closesFoster={data.ubicacion.tipo === 'acogida' ? (data.ubicacion.persona ?? null) : null}
          initialDate={recording.tipo === 'ingreso' ? entryDefault(fechaIngreso, data.movimientos, localToday()) : null}
          onClose={() => setRecording(null)}
        />
      ) : null}
    </Paper>
  );
}
