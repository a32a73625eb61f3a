import { ActionIcon, Group, Select, TextInput } from '@mantine/core';
import type { CustomField } from '@refugio/contracts';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useUrlSearch } from '../../../lib/use-url-search';

/** Up to this many options a value list shows without a search box. */
const SEARCHABLE_OPTIONS_MIN = 9;

const YES_NO = [
  { value: 'sí', label: 'Sí' },
  { value: 'no', label: 'No' },
];

/** «sí», «si», «true» or «1» in a hand-written address all read as the «Sí» of the list (as the server reads them). */
function yesNoValue(text: string): string | null {
  const word = text.trim().toLocaleLowerCase('es');
  if (['sí', 'si', 'true', '1'].includes(word)) return 'sí';
  if (['no', 'false', '0'].includes(word)) return 'no';
  return null;
}

interface ValueInputProps {
  field: CustomField;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** A typed value (text, number): the box follows the typing, the address after a pause, like the search box. */
function TypedValueInput({ field, value, onChange, error }: ValueInputProps) {
  const draft = useUrlSearch(value, onChange);
  return (
    <TextInput
      label={field.etiqueta}
      placeholder={field.tipo === 'numero' ? 'Un número' : 'El valor exacto'}
      inputMode={field.tipo === 'numero' ? 'decimal' : undefined}
      autoComplete="off"
      value={draft.draft}
      onChange={(event) => draft.change(event.currentTarget.value)}
      error={error}
    />
  );
}

/** The value of one own field, with the input its type asks for. */
function ValueInput({ field, value, onChange, error }: ValueInputProps) {
  switch (field.tipo) {
    case 'opcion':
    case 'opciones':
      return (
        <Select
          label={field.etiqueta}
          placeholder="Elige una opción"
          data={field.opciones}
          value={value || null}
          onChange={(option) => onChange(option ?? '')}
          searchable={field.opciones.length >= SEARCHABLE_OPTIONS_MIN}
          nothingFoundMessage="Ninguna opción coincide"
          comboboxProps={{ withinPortal: true }}
          error={error}
        />
      );
    case 'si_no':
      return (
        <Select
          label={field.etiqueta}
          placeholder="Sí o no"
          data={YES_NO}
          value={yesNoValue(value)}
          onChange={(option) => onChange(option ?? '')}
          comboboxProps={{ withinPortal: true }}
          error={error}
        />
      );
    case 'fecha':
      return <TextInput label={field.etiqueta} type="date" value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error} />;
    case 'numero':
    case 'texto':
    case 'texto_largo':
      return <TypedValueInput field={field} value={value} onChange={onChange} error={error} />;
  }
}

/** A key of the address with no active definition: its value shows as typed text, named by the key. */
const unknownField = (clave: string): CustomField => ({
  id: 0,
  entidad: 'mascota',
  clave,
  etiqueta: clave,
  tipo: 'texto',
  opciones: [],
  especies: [],
  obligatorio: false,
  publico: false,
  sensible: false,
  ayuda: null,
  orden: 0,
  archivado: true,
  usos: 0,
  version: 1,
});

interface PetCustomFieldFiltersProps {
  /** The organisation's active pet fields, in their order. */
  fields: readonly CustomField[];
  /** The own-field filters in the address: `{ clave: valor }`. */
  campo: Readonly<Record<string, string>>;
  onChange: (campo: Record<string, string>) => void;
  /** The server's refusals of a filter, by `campo.<clave>` (a value the field does not have). */
  fieldErrors?: Readonly<Record<string, string>> | undefined;
}

/**
 * Filters on the organisation's own fields (DESIGN 21): «Campo propio» picks a field, then its value is chosen with
 * the input its type asks for; each filter with a value goes to the address as `campo.<clave>=<valor>` (several at
 * once narrow together). A field picked without a value yet filters nothing.
 */
export function PetCustomFieldFilters({ fields, campo, onChange, fieldErrors }: PetCustomFieldFiltersProps) {
  const [pending, setPending] = useState<string | null>(null);
  const byKey = new Map(fields.map((field) => [field.clave, field]));
  const shown = [...Object.keys(campo), ...(pending && !(pending in campo) ? [pending] : [])];
  // A filter on a field that is not (or not yet) among the active ones still shows: it is in the address.
  const fieldOf = (clave: string): CustomField => byKey.get(clave) ?? unknownField(clave);
  if (fields.length === 0 && shown.length === 0) return null;

  const setValue = (clave: string, value: string) => {
    const next = { ...campo };
    if (value.trim() === '') {
      delete next[clave];
      setPending(clave);
    } else {
      next[clave] = value;
      if (pending === clave) setPending(null);
    }
    onChange(next);
  };
  const remove = (clave: string) => {
    if (pending === clave) setPending(null);
    if (clave in campo) {
      const next = { ...campo };
      delete next[clave];
      onChange(next);
    }
  };
  const choices = fields.filter((field) => !shown.includes(field.clave)).map((field) => ({ value: field.clave, label: field.etiqueta }));

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      {shown.map((clave) => {
        const field = fieldOf(clave);
        return (
          <Group key={clave} gap={4} align="flex-end" wrap="nowrap">
            <div style={{ width: 220 }}>
              <ValueInput
                field={field}
                value={campo[clave] ?? ''}
                onChange={(value) => setValue(clave, value)}
                error={fieldErrors?.[`campo.${clave}`]}
              />
            </div>
            <ActionIcon
              size="lg"
              variant="subtle"
              color="gray"
              mb={fieldErrors?.[`campo.${clave}`] ? 24 : 2}
              aria-label={`Quitar el filtro ${field.etiqueta}`}
              onClick={() => remove(clave)}
            >
              <IconX size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      })}
      {choices.length > 0 ? (
        <Select
          label="Campo propio"
          placeholder={shown.length > 0 ? 'Añadir otro campo' : 'Elige un campo'}
          data={choices}
          value={null}
          onChange={(clave) => setPending(clave)}
          searchable={choices.length >= SEARCHABLE_OPTIONS_MIN}
          nothingFoundMessage="Ningún campo coincide"
          comboboxProps={{ withinPortal: true }}
          w={220}
        />
      ) : null}
    </Group>
  );
}
