import { Checkbox, Fieldset, Group, MultiSelect, Radio, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { CustomField } from '@refugio/contracts';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { CustomFieldFormValue } from '../../lib/custom-fields';

/** Up to this many options show as checkboxes; more, as a searchable multiple select. */
const CHECKBOX_OPTIONS_MAX = 8;

export const HIDDEN_FOR_ROLE = 'Oculto para tu rol';

interface InputProps {
  field: CustomField;
  value: CustomFieldFormValue | undefined;
  onChange: (value: CustomFieldFormValue) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  error: string | undefined;
  disabled: boolean;
}

const asText = (value: CustomFieldFormValue | undefined) => (typeof value === 'string' ? value : '');
const asList = (value: CustomFieldFormValue | undefined) => (Array.isArray(value) ? value : []);

/** One custom field's input, by its type: label, help, required marker and error as every input of the app. */
function CustomFieldInput({ field, value, onChange, onBlur, inputRef, error, disabled }: InputProps) {
  const common = {
    label: field.etiqueta,
    description: field.ayuda ?? undefined,
    required: field.obligatorio,
    error,
    disabled,
  };
  switch (field.tipo) {
    case 'texto':
      return (
        <TextInput
          {...common}
          ref={inputRef}
          autoComplete="off"
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
      );
    case 'texto_largo':
      return (
        <Textarea
          {...common}
          ref={inputRef}
          autosize
          minRows={2}
          maxRows={10}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
      );
    case 'numero':
      // Typed as text: a Spanish decimal comma («12,5») is accepted; the save sends the number.
      return (
        <TextInput
          {...common}
          ref={inputRef}
          inputMode="decimal"
          autoComplete="off"
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
      );
    case 'fecha':
      return (
        <TextInput
          {...common}
          ref={inputRef}
          type="date"
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
      );
    case 'si_no':
      return (
        <Radio.Group {...common} value={asText(value)} onChange={onChange}>
          <Group gap="md" mt={6}>
            <Radio ref={inputRef} value="true" label="Sí" onBlur={onBlur} disabled={disabled} />
            <Radio value="false" label="No" onBlur={onBlur} disabled={disabled} />
            {field.obligatorio ? null : <Radio value="" label="Sin indicar" onBlur={onBlur} disabled={disabled} />}
          </Group>
        </Radio.Group>
      );
    case 'opcion':
      return (
        <Select
          {...common}
          ref={inputRef}
          data={field.opciones}
          value={asText(value) || null}
          onChange={(option) => onChange(option ?? '')}
          onBlur={onBlur}
          clearable={!field.obligatorio}
          allowDeselect={!field.obligatorio}
          checkIconPosition="right"
          searchable={field.opciones.length > CHECKBOX_OPTIONS_MAX}
          nothingFoundMessage="Ninguna opción coincide"
        />
      );
    case 'opciones':
      if (field.opciones.length > CHECKBOX_OPTIONS_MAX)
        return (
          <MultiSelect
            {...common}
            ref={inputRef}
            data={field.opciones}
            value={asList(value)}
            onChange={onChange}
            onBlur={onBlur}
            searchable
            clearable
            nothingFoundMessage="Ninguna opción coincide"
          />
        );
      return (
        <Checkbox.Group {...common} value={asList(value)} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {field.opciones.map((option, index) => (
              <Checkbox key={option} ref={index === 0 ? inputRef : undefined} value={option} label={option} onBlur={onBlur} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
  }
}

interface CustomFieldInputsProps<T extends FieldValues, TOut extends FieldValues> {
  /** A react-hook-form whose values keep the custom fields under `campos` (`campos.<clave>`). */
  control: Control<T, unknown, TOut>;
  /** The definitions to show, in order (see `formCustomFields`: active, of the pet's species). */
  fields: readonly CustomField[];
  /** The keys whose saved value this role may not read (`***`): shown read-only, never sent. */
  masked?: ReadonlySet<string>;
  disabled?: boolean;
  /** The fieldset's legend. */
  legend?: ReactNode;
}

/**
 * The organisation's own fields of a form (DESIGN section 21), in a «Campos propios» fieldset: one input per
 * definition by its type, with the server's or the client check's error under it. Nothing when there are none.
 */
export function CustomFieldInputs<T extends FieldValues, TOut extends FieldValues>({
  control,
  fields,
  masked,
  disabled = false,
  legend = 'Campos propios',
}: CustomFieldInputsProps<T, TOut>) {
  if (fields.length === 0) return null;
  return (
    <Fieldset legend={legend} variant="unstyled" disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {fields.map((field) =>
          masked?.has(field.clave) ? (
            <TextInput key={field.clave} label={field.etiqueta} value={HIDDEN_FOR_ROLE} readOnly variant="filled" />
          ) : (
            <Controller
              key={field.clave}
              control={control}
              name={`campos.${field.clave}` as Path<T>}
              render={({ field: input, fieldState }) => (
                <CustomFieldInput
                  field={field}
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  inputRef={input.ref}
                  error={fieldState.error?.message}
                  disabled={disabled}
                />
              )}
            />
          ),
        )}
      </SimpleGrid>
    </Fieldset>
  );
}
