import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  type CustomField,
  type CustomFieldValues,
  fiscalIdKind,
  fiscalIdProblem,
  PERSON_ROLES,
  type Person,
  personRoleLabels,
  postcodeProblem,
} from '@refugio/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CustomFieldInputs } from '../../../components/ui/custom-field-inputs';
import { customFieldIssues } from '../../../lib/custom-fields';
import { formatDateTime } from '../../../lib/format-date';
import { FOSTER_ROLE_EXPLAINED } from '../lib/foster-role';
import { personFieldLabels, type PersonFormValues } from '../lib/person-form-values';

/**
 * A person's identity, roles and consents, as both "Nueva persona" and the person page edit them. The server
 * normalises and checks the contact data (an invalid phone comes back under its field, in Spanish).
 */
/** "Desde el 1/11/2026 10:00 · formulario de adopción": when and how a consent was last given or withdrawn. */
function consentOrigin(origin: Person['consentimientosOrigen']['email'] | undefined): string | undefined {
  if (!origin) return undefined;
  return [origin.en ? `Desde el ${formatDateTime(origin.en)}` : null, origin.fuente || null].filter(Boolean).join(' · ') || undefined;
}

export function PersonFields({
  form,
  disabled = false,
  origins,
  customFields = [],
  maskedCampos,
}: {
  form: UseFormReturn<PersonFormValues>;
  disabled?: boolean;
  /** When and how each consent was recorded (a saved person). */
  origins?: Person['consentimientosOrigen'];
  /** The organisation's own fields the form shows (active ones, in order). */
  customFields?: readonly CustomField[];
  /** The own fields whose value this role may not read (`***`): read-only, never sent. */
  maskedCampos?: ReadonlySet<string>;
}) {
  const { errors } = form.formState;
  const nifDistinto = form.watch('nifDistinto');
  const text = (field: 'nombre' | 'apellidos' | 'documento' | 'nif' | 'ciudad' | 'codigoPostal' | 'direccion') => ({
    label: personFieldLabels[field],
    error: errors[field]?.message,
    disabled,
    ...form.register(field),
  });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput {...text('nombre')} required autoComplete="off" />
        <TextInput {...text('apellidos')} autoComplete="off" />
        <TextInput
          label={personFieldLabels.email}
          type="email"
          inputMode="email"
          autoComplete="off"
          description="Correo o teléfono: al menos uno."
          error={errors.email?.message}
          disabled={disabled}
          {...form.register('email')}
        />
        <TextInput
          label={personFieldLabels.telefono}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          description="Con prefijo si no es de este país (+34...)."
          error={errors.telefono?.message}
          disabled={disabled}
          {...form.register('telefono')}
        />
        <TextInput
          {...text('documento')}
          description={nifDistinto ? undefined : 'Un DNI o NIE vale también como NIF (certificado de donativos).'}
          autoComplete="off"
        />
        <Controller
          control={form.control}
          name="nifDistinto"
          render={({ field }) => (
            <Checkbox
              mt={{ sm: 'xl' }}
              label="El NIF es otro (el CIF de una empresa, u otra persona)"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              disabled={disabled}
            />
          )}
        />
        {nifDistinto ? <TextInput {...text('nif')} description="NIF, NIE o CIF, para el certificado de donativos." autoComplete="off" /> : null}
        <TextInput {...text('ciudad')} autoComplete="off" />
        <TextInput {...text('codigoPostal')} inputMode="numeric" autoComplete="off" />
      </SimpleGrid>
      <TextInput {...text('direccion')} autoComplete="off" />
      <Controller
        control={form.control}
        name="roles"
        render={({ field, fieldState }) => (
          <Checkbox.Group label={personFieldLabels.roles} value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
            <Group gap="md" mt="xs">
              {PERSON_ROLES.map((rol) => (
                <Checkbox
                  key={rol}
                  value={rol}
                  label={personRoleLabels[rol]}
                  description={rol === 'acogida' ? FOSTER_ROLE_EXPLAINED : undefined}
                  disabled={disabled}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <Fieldset legend={personFieldLabels.consentimientos} variant="unstyled">
        <Stack gap="xs" mt={4}>
          <Controller
            control={form.control}
            name="consentimientoEmail"
            render={({ field }) => (
              <Switch
                label="Acepta recibir correos del refugio"
                description={consentOrigin(origins?.email)}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={disabled}
              />
            )}
          />
          <Controller
            control={form.control}
            name="consentimientoWhatsapp"
            render={({ field }) => (
              <Switch
                label="Acepta que le escribamos por WhatsApp"
                description={consentOrigin(origins?.whatsapp)}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={disabled}
              />
            )}
          />
        </Stack>
      </Fieldset>
      <CustomFieldInputs control={form.control} fields={customFields} masked={maskedCampos} disabled={disabled} />
    </Stack>
  );
}

/**
 * The form's own checks before anything is sent: a first name, an e-mail or a phone, and a NIF and a postcode
 * that the server would take (the same check and the same Spanish words as the API), and the own fields' values
 * against their definitions (the server's own check, `customFieldIssues`).
 */
export function checkPersonForm(
  values: PersonFormValues,
  form: UseFormReturn<PersonFormValues>,
  contactRequired: string,
  customFields: { rules: readonly CustomField[]; saved?: CustomFieldValues } = { rules: [] },
): boolean {
  let ok = true;
  if (values.nombre.trim() === '') {
    form.setError('nombre', { type: 'required', message: 'Escribe el nombre.' }, { shouldFocus: true });
    ok = false;
  }
  if (values.email.trim() === '' && values.telefono.trim() === '') {
    form.setError('email', { type: 'required', message: contactRequired }, { shouldFocus: ok });
    ok = false;
  }
  const nif = !values.nifDistinto || values.nif.trim() === '' ? null : fiscalIdProblem(values.nif);
  if (nif !== null) {
    form.setError('nif', { type: 'validate', message: nif }, { shouldFocus: ok });
    ok = false;
  }
  // A DNI or NIE with a wrong check letter would be kept as a document without a NIF: said at once.
  const kind = fiscalIdKind(values.documento);
  const document = kind === 'nif' || kind === 'nie' ? fiscalIdProblem(values.documento) : null;
  if (!values.nifDistinto && document !== null) {
    form.setError('documento', { type: 'validate', message: document }, { shouldFocus: ok });
    ok = false;
  }
  const postcode = values.codigoPostal.trim() === '' ? null : postcodeProblem(values.codigoPostal);
  if (postcode !== null) {
    form.setError('codigoPostal', { type: 'validate', message: postcode }, { shouldFocus: ok });
    ok = false;
  }
  for (const { clave, message } of customFieldIssues(customFields.rules, values.campos, { saved: customFields.saved ?? {} })) {
    form.setError(`campos.${clave}`, { type: 'validate', message }, { shouldFocus: ok });
    ok = false;
  }
  return ok;
}
