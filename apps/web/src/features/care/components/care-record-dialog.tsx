import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { CARE_TYPES, careTypeLabels, type CareRecord } from '@refugio/contracts';
import {
  careRecordFields,
  careRecordFormSchema,
  careRecordToValues,
  careValuesToInput,
  newCareRecordValues,
  type CareRecordInput,
  type CareRecordValues,
} from '../lib/care-record-form';

const typeOptions = CARE_TYPES.map((value) => ({ value, label: careTypeLabels[value] }));

interface CareRecordDialogProps {
  opened: boolean;
  /** The record being edited, or null for a new one. */
  record: CareRecord | null;
  /** The organisation's today: a done date may not be later. */
  today: string;
  onClose: () => void;
  /** Saves; `version` is the one the person chose to overwrite after a conflict. Rejects with the server's error. */
  onSave: (input: CareRecordInput, version: number | null) => Promise<unknown>;
  /** Reads the newest version of the record being edited (after a conflict). */
  onLoadLatest: () => Promise<CareRecord | undefined>;
}

/**
 * Add or edit a record. The rules are the server's (a name; a planned or a done date; a done date never in
 * the future). When someone else saved the record meanwhile (409), what was typed stays in the form: the
 * dialog says so, reads the newest version, and saving again overwrites it knowingly.
 */
export function CareRecordDialog(props: CareRecordDialogProps) {
  // Mounted on each opening, from the record as it is now.
  return props.opened ? <CareRecordModal {...props} /> : null;
}

function CareRecordModal({ record, today, onClose, onSave, onLoadLatest }: CareRecordDialogProps) {
  const form = useForm<CareRecordValues>({
    resolver: zodResolver(careRecordFormSchema(today)),
    defaultValues: record ? careRecordToValues(record) : newCareRecordValues(),
  });
  const [version, setVersion] = useState<number | null>(record?.version ?? null);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting, isDirty } = form.formState;
  const tipo = useWatch({ control: form.control, name: 'tipo' });

  // Closing with something typed asks first: nothing typed is lost silently.
  const requestClose = () => {
    if (!isDirty) return onClose();
    modals.openConfirmModal({
      title: '¿Descartar lo escrito?',
      centered: true,
      children: <Text size="sm">Los cambios de este registro no se han guardado.</Text>,
      labels: { confirm: 'Descartar', cancel: 'Seguir editando' },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(careValuesToInput(values), version);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT' && record) {
        // Keep every typed value; take the newest version so that the next save is a deliberate overwrite.
        const latest = await onLoadLatest().catch(() => undefined);
        if (latest) setVersion(latest.version);
        setConflict(true);
        return;
      }
      if (!setServerFieldErrors(error, careRecordFields, form.setError)) setFailure(getErrorMessage(error));
    }
  });

  return (
    <Modal
      opened
      onClose={requestClose}
      title={record ? 'Editar registro de salud' : 'Nuevo registro de salud'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={record ? 'Editar registro de salud' : 'Nuevo registro de salud'}>
        <Stack gap="sm">
          {conflict ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title="Otra persona cambió este registro">
              Lo que has escrito sigue aquí. Si guardas ahora, sustituirá la versión más reciente.
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="tipo"
              render={({ field }) => (
                <Select
                  label="Tipo"
                  data={typeOptions}
                  value={field.value}
                  onChange={(value) => {
                    if (!value) return;
                    field.onChange(value);
                    if (value === 'peso' && form.getValues('nombre') === '') form.setValue('nombre', 'Peso');
                  }}
                  allowDeselect={false}
                  required
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput label="Nombre" required error={errors.nombre?.message} {...form.register('nombre')} />
            <TextInput type="date" label="Fecha prevista" error={errors.fechaProgramada?.message} {...form.register('fechaProgramada')} />
            <TextInput
              type="date"
              label="Fecha de realización"
              max={today}
              error={errors.fechaRealizada?.message}
              {...form.register('fechaRealizada')}
            />
            <TextInput
              label="Repetir cada (días)"
              inputMode="numeric"
              description="Al guardarlo o marcarlo como hecho se programa el siguiente."
              error={errors.repetirCadaDias?.message}
              {...form.register('repetirCadaDias')}
            />
            {tipo === 'peso' ? (
              <TextInput label="Peso (kg)" inputMode="decimal" required error={errors.pesoKg?.message} {...form.register('pesoKg')} />
            ) : (
              <TextInput label="Dosis" error={errors.dosis?.message} {...form.register('dosis')} />
            )}
            {tipo === 'vacuna' || tipo === 'desparasitacion_interna' || tipo === 'desparasitacion_externa' || tipo === 'tratamiento' ? (
              <TextInput label="Lote" error={errors.lote?.message} {...form.register('lote')} />
            ) : null}
            <TextInput label="Veterinario o clínica" error={errors.veterinario?.message} {...form.register('veterinario')} />
            {tipo === 'test' || tipo === 'revision' ? (
              <TextInput label="Resultado" error={errors.resultado?.message} {...form.register('resultado')} />
            ) : null}
            <TextInput label="Coste (€)" inputMode="decimal" error={errors.coste?.message} {...form.register('coste')} />
          </SimpleGrid>
          <Textarea label="Notas" autosize minRows={2} maxRows={6} error={errors.notas?.message} {...form.register('notas')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={requestClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
