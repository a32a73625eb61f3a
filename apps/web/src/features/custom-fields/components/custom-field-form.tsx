import { Alert, Button, Checkbox, Code, Group, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import {
  CUSTOM_FIELD_LIMITS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldEntity,
  type CustomFieldInput,
  type CustomFieldType,
  PET_TYPES,
  type PetType,
  customFieldInputSchema,
  customFieldMessages,
  customFieldTypeLabels,
  isChoiceType,
} from '@refugio/contracts';
import type { FormEvent } from 'react';
import { suggestKey } from '../lib/suggest-key';

/** What the dialog holds while a field is written: the options as one text, one per line. */
export interface CustomFieldDraft {
  etiqueta: string;
  clave: string;
  /** The key was typed by hand: the label no longer suggests it. */
  claveEditada: boolean;
  tipo: CustomFieldType;
  opciones: string;
  especies: PetType[];
  obligatorio: boolean;
  publico: boolean;
  sensible: boolean;
  ayuda: string;
}

export const FORM_FIELDS = ['etiqueta', 'clave', 'tipo', 'opciones', 'especies', 'obligatorio', 'publico', 'sensible', 'ayuda'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FieldErrors = Partial<Record<FormField, string>>;

const HELP_MAX_LENGTH = 300;

export const emptyDraft = (): CustomFieldDraft => ({
  etiqueta: '',
  clave: '',
  claveEditada: false,
  tipo: 'texto',
  opciones: '',
  especies: [],
  obligatorio: false,
  publico: false,
  sensible: false,
  ayuda: '',
});

export const draftOf = (field: CustomField): CustomFieldDraft => ({
  etiqueta: field.etiqueta,
  clave: field.clave,
  claveEditada: true,
  tipo: field.tipo,
  opciones: field.opciones.join('\n'),
  especies: [...field.especies],
  obligatorio: field.obligatorio,
  publico: field.publico,
  sensible: field.sensible,
  ayuda: field.ayuda ?? '',
});

/**
 * The definition the draft describes, checked with the contracts' own schema (the server decides again): the
 * input to send, or the Spanish message of each field that is wrong.
 */
export function checkDraft(entidad: CustomFieldEntity, draft: CustomFieldDraft): { input: CustomFieldInput } | { errors: FieldErrors } {
  const opciones = draft.opciones
    .split('\n')
    .map((option) => option.trim())
    .filter((option) => option !== '');
  const result = customFieldInputSchema.safeParse({
    entidad,
    clave: draft.clave,
    etiqueta: draft.etiqueta,
    tipo: draft.tipo,
    ...(isChoiceType(draft.tipo) ? { opciones } : {}),
    ...(entidad === 'mascota' ? { especies: draft.especies, publico: draft.publico } : { sensible: draft.sensible }),
    obligatorio: draft.obligatorio,
    ...(draft.ayuda.trim() !== '' ? { ayuda: draft.ayuda } : {}),
  });
  if (result.success) return { input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FORM_FIELDS as readonly string[]).includes(field)) errors[field as FormField] ??= issue.message;
  }
  return { errors };
}

interface CustomFieldFormProps {
  entidad: CustomFieldEntity;
  /** The field being edited; without it, a new one. */
  field: CustomField | null;
  draft: CustomFieldDraft;
  onChange: (draft: CustomFieldDraft) => void;
  errors: FieldErrors;
  /** What the server said (or why nothing was sent), above the fields. */
  error: string | null;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The dialog's form of one custom field: what a new one needs, and what an existing one may still change. */
export function CustomFieldForm({ entidad, field, draft, onChange, errors, error, pending, onSubmit, onCancel }: CustomFieldFormProps) {
  const isNew = field === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const setLabel = (etiqueta: string) => onChange({ ...draft, etiqueta, clave: draft.claveEditada ? draft.clave : suggestKey(etiqueta) });
  const setKey = (clave: string) => onChange({ ...draft, clave, claveEditada: clave !== '' });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert" title="No se ha guardado">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Nombre"
          description="Como se lee en los formularios y en la ficha."
          required
          maxLength={CUSTOM_FIELD_LIMITS.labelMaxLength}
          value={draft.etiqueta}
          error={errors.etiqueta}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
        {isNew ? (
          <TextInput
            label="Clave"
            description="Se propone a partir del nombre: minúsculas sin acentos, números y «_», empezando por una letra. No cambia nunca: las exportaciones, las plantillas y las importaciones la usan."
            required
            maxLength={CUSTOM_FIELD_LIMITS.keyMaxLength}
            value={draft.clave}
            error={errors.clave}
            onChange={(e) => setKey(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Clave: <Code>{draft.clave}</Code>
            </Text>
            <Text size="sm" c="dimmed">
              {customFieldMessages.keyFixed}
            </Text>
          </Stack>
        )}
        {isNew ? (
          <Select
            label="Tipo"
            required
            data={CUSTOM_FIELD_TYPES.map((tipo) => ({ value: tipo, label: customFieldTypeLabels[tipo] }))}
            value={draft.tipo}
            allowDeselect={false}
            error={errors.tipo}
            onChange={(value) => value && onChange({ ...draft, tipo: value })}
          />
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Tipo: {customFieldTypeLabels[draft.tipo]}
            </Text>
            <Text size="sm" c="dimmed">
              {customFieldMessages.typeFixed}
            </Text>
          </Stack>
        )}
        {isChoiceType(draft.tipo) ? (
          <Textarea
            label="Opciones"
            description={
              field && field.usos > 0
                ? 'Una por línea, al menos dos. Se pueden añadir y renombrar; una opción ya elegida en alguna ficha no se puede quitar.'
                : 'Una por línea, al menos dos.'
            }
            required
            autosize
            minRows={3}
            maxRows={12}
            value={draft.opciones}
            error={errors.opciones}
            onChange={(e) => onChange({ ...draft, opciones: e.currentTarget.value })}
          />
        ) : null}
        {entidad === 'mascota' ? (
          <Checkbox.Group
            label="Especies"
            description="Las especies cuyo formulario tiene este campo. Sin ninguna marcada, todas."
            value={draft.especies}
            error={errors.especies}
            onChange={(value) => onChange({ ...draft, especies: PET_TYPES.filter((t) => value.includes(t)) })}
          >
            <Group gap="md" mt={6}>
              {PET_TYPES.map((tipo) => (
                <Checkbox key={tipo} value={tipo} label={tipo} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        <Switch
          label="Obligatorio"
          description="No se puede guardar la ficha sin rellenarlo."
          checked={draft.obligatorio}
          onChange={(e) => onChange({ ...draft, obligatorio: e.currentTarget.checked })}
        />
        {entidad === 'mascota' ? (
          <Switch
            label="Público en el catálogo"
            description="Se muestra en la página pública del animal."
            checked={draft.publico}
            error={errors.publico}
            onChange={(e) => onChange({ ...draft, publico: e.currentTarget.checked })}
          />
        ) : (
          <Switch
            label="Sensible"
            description="Se oculta como el DNI a los roles que no ven datos personales."
            checked={draft.sensible}
            error={errors.sensible}
            onChange={(e) => onChange({ ...draft, sensible: e.currentTarget.checked })}
          />
        )}
        <Textarea
          label="Ayuda"
          description="Opcional: un texto bajo la casilla, en el formulario."
          autosize
          minRows={2}
          maxLength={HELP_MAX_LENGTH}
          value={draft.ayuda}
          error={errors.ayuda}
          onChange={(e) => onChange({ ...draft, ayuda: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {isNew ? 'Crear campo' : 'Guardar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
