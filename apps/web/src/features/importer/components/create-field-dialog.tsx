import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  CUSTOM_FIELD_LIMITS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldEntity,
  type CustomFieldType,
  customFieldInputSchema,
  customFieldKeyOf,
  customFieldTypeLabels,
  guessCustomField,
  isChoiceType,
} from '@refugio/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateImportField } from '../api/importer-api';

type DraftField = 'etiqueta' | 'clave' | 'tipo' | 'opciones';
const DRAFT_FIELDS: readonly string[] = ['etiqueta', 'clave', 'tipo', 'opciones'];

interface Draft {
  etiqueta: string;
  clave: string;
  /** The key was typed by hand: the label no longer suggests it. */
  claveEditada: boolean;
  tipo: CustomFieldType;
  /** One per line. */
  opciones: string;
}

const draftOf = (columna: string, valores: readonly string[]): Draft => {
  const guess = guessCustomField(columna, valores);
  return { etiqueta: guess.etiqueta, clave: guess.clave, claveEditada: false, tipo: guess.tipo, opciones: guess.opciones.join('\n') };
};

const ENTITY_WORDS: Record<CustomFieldEntity, string> = { mascota: 'cada animal', persona: 'cada persona' };

/**
 * «Crear un campo con esta columna»: a column mapped to nothing becomes one of the organisation's own fields, its
 * label, key and type proposed from the header and the first values (all editable). Once created
 * (`POST /api/campos`), `onCreated` maps the column to it and the wizard goes on.
 */
export function CreateFieldDialog({
  entidad,
  columna,
  valores,
  onClose,
  onCreated,
}: {
  entidad: CustomFieldEntity;
  /** The column's header; null: the dialog is closed. */
  columna: string | null;
  /** The column's first values, which suggest the type. */
  valores: readonly string[];
  onClose: () => void;
  onCreated: (field: CustomField) => void;
}) {
  return (
    <Modal
      opened={columna !== null}
      onClose={onClose}
      title="Crear un campo con esta columna"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
    >
      {columna !== null ? (
        <CreateFieldForm key={columna} entidad={entidad} columna={columna} valores={valores} onClose={onClose} onCreated={onCreated} />
      ) : null}
    </Modal>
  );
}

function CreateFieldForm({
  entidad,
  columna,
  valores,
  onClose,
  onCreated,
}: {
  entidad: CustomFieldEntity;
  columna: string;
  valores: readonly string[];
  onClose: () => void;
  onCreated: (field: CustomField) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(columna, valores));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const create = useCreateImportField();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const opciones = draft.opciones
      .split('\n')
      .map((o) => o.trim())
      .filter((o) => o !== '');
    const checked = customFieldInputSchema.safeParse({
      entidad,
      clave: draft.clave,
      etiqueta: draft.etiqueta,
      tipo: draft.tipo,
      ...(isChoiceType(draft.tipo) ? { opciones } : {}),
    });
    if (!checked.success) {
      const found: Partial<Record<DraftField, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && DRAFT_FIELDS.includes(field)) found[field as DraftField] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: onCreated,
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.fieldErrors) return;
        const found: Partial<Record<DraftField, string>> = {};
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          const field = path.split(/[.[]/)[0];
          if (field && DRAFT_FIELDS.includes(field)) found[field as DraftField] ??= message;
        }
        setErrors(found);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Se crea un campo propio en {ENTITY_WORDS[entidad]} y la columna «{columna}» se importa en él. Podrás cambiar su nombre y sus opciones
          después, en Campos propios; la clave y el tipo no cambian.
        </Text>
        {create.error ? (
          <Alert color="red" role="alert" title="No se ha creado el campo">
            {getErrorMessage(create.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Nombre del campo"
          required
          maxLength={CUSTOM_FIELD_LIMITS.labelMaxLength}
          value={draft.etiqueta}
          error={errors.etiqueta}
          onChange={(e) => {
            const etiqueta = e.currentTarget.value;
            setDraft((d) => ({ ...d, etiqueta, clave: d.claveEditada ? d.clave : customFieldKeyOf(etiqueta) }));
          }}
        />
        <TextInput
          label="Clave"
          description="Minúsculas sin acentos, números y «_», empezando por una letra. No cambia nunca."
          required
          maxLength={CUSTOM_FIELD_LIMITS.keyMaxLength}
          value={draft.clave}
          error={errors.clave}
          onChange={(e) => {
            const clave = e.currentTarget.value;
            setDraft((d) => ({ ...d, clave, claveEditada: clave !== '' }));
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Select
          label="Tipo"
          description="Propuesto a partir de las primeras filas de la columna."
          required
          data={CUSTOM_FIELD_TYPES.map((tipo) => ({ value: tipo, label: customFieldTypeLabels[tipo] }))}
          value={draft.tipo}
          allowDeselect={false}
          error={errors.tipo}
          onChange={(value) => value && setDraft((d) => ({ ...d, tipo: value }))}
          comboboxProps={{ withinPortal: true }}
        />
        {isChoiceType(draft.tipo) ? (
          <Textarea
            label="Opciones"
            description="Una por línea, al menos dos. Un valor de la hoja que no sea una de ellas será un error de su fila."
            required
            autosize
            minRows={3}
            maxRows={10}
            value={draft.opciones}
            error={errors.opciones}
            onChange={(e) => {
              const opciones = e.currentTarget.value;
              setDraft((d) => ({ ...d, opciones }));
            }}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Crear y asignar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
