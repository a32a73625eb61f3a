import { Alert, Badge, Button, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { type Person, type PersonDuplicateReason, personDuplicateReasonLabels } from '@refugio/contracts';
import { useState } from 'react';
import { describePersonValue } from '../lib/person-form-values';
import {
  defaultMergeChoices,
  type MergeField,
  type MergeValues,
  mergeFieldDiffers,
  mergeFieldLabels,
  mergeFields,
  mergeValues,
} from '../lib/merge-values';
import { personFullName, roleLabel } from './person-badges';

export interface MergeDialogProps {
  /** The record that stays (the page's person). */
  keep: Person;
  /** The possible duplicate, or null when the dialog is closed. */
  other: Person | null;
  motivos: readonly PersonDuplicateReason[];
  pending: boolean;
  error: string | null;
  onMerge: (input: { conId: number; valores: MergeValues }) => void;
  onDismiss: (otraId: number) => void;
  onClose: () => void;
}

const valueText = (person: Person, field: MergeField) => describePersonValue(person[field], roleLabel);

function Comparison({ keep, other, motivos, pending, error, onMerge, onDismiss, onClose }: MergeDialogProps & { other: Person }) {
  const [choices, setChoices] = useState(() => defaultMergeChoices(keep, other));
  const [confirming, setConfirming] = useState(false);
  const differing = mergeFields.filter((field) => field !== 'roles' && mergeFieldDiffers(keep, other, field));
  const same = mergeFields.filter((field) => field !== 'roles' && !mergeFieldDiffers(keep, other, field));
  const rolesDiffer = mergeFieldDiffers(keep, other, 'roles');

  return (
    <Stack gap="md">
      <Group gap={4}>
        <Text size="sm">Por qué podrían ser la misma persona:</Text>
        {motivos.map((motivo) => (
          <Badge key={motivo} variant="light" color="orange">
            {personDuplicateReasonLabels[motivo]}
          </Badge>
        ))}
      </Group>
      <Text size="sm">
        Elige, campo por campo, qué dato se queda. Las solicitudes, registros, mensajes e historial de las dos fichas quedarán en una sola.
      </Text>
      {differing.map((field) => (
        <Paper key={field} withBorder radius="md" p="sm">
          <Radio.Group
            label={mergeFieldLabels[field]}
            value={choices[field] ?? 'esta'}
            onChange={(value) => setChoices((current) => ({ ...current, [field]: value }))}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="esta" label={valueText(keep, field)} description="Esta ficha" styles={{ label: { overflowWrap: 'anywhere' } }} />
              <Radio value="otra" label={valueText(other, field)} description="La otra ficha" styles={{ label: { overflowWrap: 'anywhere' } }} />
            </Stack>
          </Radio.Group>
        </Paper>
      ))}
      {rolesDiffer ? (
        <Text size="sm">
          <strong>Roles</strong>: esta ficha {valueText(keep, 'roles')}; la otra {valueText(other, 'roles')}.
        </Text>
      ) : null}
      {same.length > 0 ? (
        <Text size="sm" c="dimmed">
          Iguales en las dos: {same.map((field) => `${mergeFieldLabels[field]} (${valueText(keep, field)})`).join('; ')}.
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {confirming ? (
        <Alert color="red" variant="light" title="¿Fusionar las dos fichas?">
          <Stack gap="xs">
            <Text size="sm">
              La ficha de {personFullName(other)} desaparecerá y todo lo suyo pasará a la de {personFullName(keep)}. No se puede deshacer.
            </Text>
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={pending}>
                Volver
              </Button>
              <Button color="red" loading={pending} onClick={() => onMerge({ conId: other.id, valores: mergeValues(keep, other, choices) })}>
                Sí, fusionar
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="light" onClick={() => onDismiss(other.id)} disabled={pending}>
            No son la misma persona
          </Button>
          <Button onClick={() => setConfirming(true)}>Fusionar</Button>
        </Group>
      )}
    </Stack>
  );
}

/** Two records that may be one person, side by side: a choice per field of which value stays, then "Fusionar" or "No son la misma persona". */
export function MergeDialog(props: MergeDialogProps) {
  const { other, keep, onClose } = props;
  return (
    <Modal
      opened={other !== null}
      onClose={onClose}
      title={other ? `Comparar ${personFullName(keep)} con ${personFullName(other)}` : 'Comparar'}
      size="lg"
      centered
    >
      {other ? <Comparison key={other.id} {...props} other={other} /> : null}
    </Modal>
  );
}
