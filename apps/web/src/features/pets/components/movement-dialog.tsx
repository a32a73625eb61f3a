import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  PROCEDENCIAS,
  PROCEDENCIA_DETAIL_MAX_LENGTH,
  type Procedencia,
  petFormMessages,
  procedenciaLabels,
  MOVEMENT_NOTES_MAX,
  MOVEMENT_REASON_MAX,
  MOVEMENT_VET_MAX,
  movementTypeLabels,
  type MovementType,
  type PersonRef,
} from '@refugio/contracts';
import { useState } from 'react';
import { PersonPicker } from '../../../components/ui/person-picker';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useRecordMovement } from '../api/pet-movements';
import { isFinalMovement, localToday, type MovementErrors, needsPerson, needsReason, validateMovement } from '../lib/movement-rules';

const personLabel: Partial<Record<MovementType, string>> = { acogida: 'Casa de acogida', adopcion: 'Persona que adopta' };

export interface MovementDialogProps {
  petId: number;
  petName: string;
  /** The pet's version when the dialog opened: a stale one answers 409 and what was typed stays. */
  version: number;
  tipo: MovementType;
  onClose: () => void;
  /** A person to start with (e.g. the home chosen in "Busco acogida"). */
  initialPerson?: PersonRef | null;
  /** The foster home the pet is with now, when a placement would close it (an adoption from foster care). */
  closesFoster?: PersonRef | null;
  /** The date to start with (an `ingreso`: the pet's own entry date); today without it. */
  initialDate?: string | null;
}

/**
 * Records one movement: date, person (placements), reason (required for a return) and notes. A transfer or a
 * death asks once more, since the pet will never be public again. The server's Spanish refusals show here.
 */
export function MovementDialog({
  petId,
  petName,
  version,
  tipo,
  onClose,
  initialPerson = null,
  closesFoster = null,
  initialDate = null,
}: MovementDialogProps) {
  const [fecha, setFecha] = useState(initialDate ?? localToday());
  const [persona, setPersona] = useState<PersonRef | null>(initialPerson);
  const [motivo, setMotivo] = useState('');
  const [notas, setNotas] = useState('');
  const [veterinario, setVeterinario] = useState('');
  const [procedencia, setProcedencia] = useState<Procedencia | null>(null);
  const [procedenciaDetalle, setProcedenciaDetalle] = useState('');
  const [errors, setErrors] = useState<MovementErrors>({});
  const [confirming, setConfirming] = useState(false);
  const record = useRecordMovement();
  const label = movementTypeLabels[tipo];

  const submit = () => {
    const found = validateMovement({ tipo, fecha, personaId: persona?.id ?? null, motivo, notas }, localToday());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (isFinalMovement(tipo) && !confirming) {
      setConfirming(true);
      return;
    }
    record.mutate(
      {
        petId,
        tipo,
        fecha,
        version,
        ...(needsPerson(tipo) && persona ? { personaId: persona.id } : {}),
        ...(motivo.trim() ? { motivo: motivo.trim() } : {}),
        ...(notas.trim() ? { notas: notas.trim() } : {}),
        ...(tipo === 'fallecimiento' && veterinario.trim() ? { veterinario: veterinario.trim() } : {}),
        ...(tipo === 'ingreso' && procedencia ? { procedencia } : {}),
        ...(tipo === 'ingreso' && procedenciaDetalle.trim() ? { procedenciaDetalle: procedenciaDetalle.trim() } : {}),
        ...(closesFoster && needsPerson(tipo) ? { cerrarAcogida: true } : {}),
      },
      { onSuccess: onClose, onError: () => setConfirming(false) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Registrar ${label.toLowerCase()} de ${petName}`} centered size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            type="date"
            label="Fecha"
            required
            value={fecha}
            max={localToday()}
            onChange={(e) => setFecha(e.currentTarget.value)}
            error={errors.fecha}
          />
          {needsPerson(tipo) ? (
            <PersonPicker label={personLabel[tipo] ?? 'Persona'} value={persona} onChange={setPersona} error={errors.personaId} />
          ) : null}
          <Textarea
            label={tipo === 'fallecimiento' ? 'Causa de la muerte' : 'Motivo'}
            required={needsReason(tipo)}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            maxLength={MOVEMENT_REASON_MAX}
            autosize
            minRows={2}
            error={errors.motivo}
          />
          {tipo === 'ingreso' ? (
            <>
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
                value={procedenciaDetalle}
                onChange={(e) => setProcedenciaDetalle(e.currentTarget.value)}
                maxLength={PROCEDENCIA_DETAIL_MAX_LENGTH}
              />
            </>
          ) : null}
          {tipo === 'fallecimiento' ? (
            <TextInput
              label="Veterinario"
              description="Quien certificó la muerte: nombre, clínica o número de colegiado (opcional)"
              value={veterinario}
              onChange={(e) => setVeterinario(e.currentTarget.value)}
              maxLength={MOVEMENT_VET_MAX}
            />
          ) : null}
          <Textarea
            label="Notas"
            value={notas}
            onChange={(e) => setNotas(e.currentTarget.value)}
            maxLength={MOVEMENT_NOTES_MAX}
            autosize
            minRows={2}
          />
          {closesFoster && needsPerson(tipo) ? (
            <Alert color="blue" title="Se cierra la acogida">
              <Text size="sm">
                {petName} está en acogida en casa de {closesFoster.nombre}: al registrar la {label.toLowerCase()} se registra también su devolución en
                la misma fecha, con el motivo «{tipo === 'adopcion' ? 'Pasa a adopción' : 'Pasa a otra casa de acogida'}».
              </Text>
            </Alert>
          ) : null}
          {record.isError ? (
            <Alert color="red" role="alert" title="No se pudo registrar el movimiento">
              {getErrorMessage(record.error)}
            </Alert>
          ) : null}
          {confirming ? (
            <Alert color="orange" role="alert" title={`¿Registrar ${label.toLowerCase()} de ${petName}?`}>
              <Text size="sm">{petName} no volverá a publicarse nunca y no admitirá más movimientos.</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color={isFinalMovement(tipo) ? 'red' : undefined} loading={record.isPending}>
              {confirming ? `Sí, registrar ${label.toLowerCase()}` : `Registrar ${label.toLowerCase()}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
