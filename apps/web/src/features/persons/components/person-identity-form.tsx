import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { personMessages } from '@refugio/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { CustomFieldValuesList } from '../../../components/ui/custom-field-values';
import {
  camposOf,
  customFieldErrorPaths,
  customFieldsPayload,
  editedCustomFieldValues,
  formCustomFields,
  maskedKeys,
  type CustomFieldFormValues,
} from '../../../lib/custom-fields';
import { useActiveCustomFields, useAllCustomFields } from '../../../lib/custom-field-definitions';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import type { Person } from '@refugio/contracts';
import { personQueryOptions } from '../api/get-person';
import { useUpdatePerson } from '../api/update-person';
import {
  changedPersonInput,
  fieldDiffers,
  type PersonConflict,
  personConflicts,
  personFormFields,
  type PersonFormValues,
  personTextFields,
  toPersonFormValues,
} from '../lib/person-form-values';
import { roleLabel } from './person-badges';
import { checkPersonForm, PersonFields } from './person-fields';

const serverFields = [...personTextFields, 'roles'] as const;

interface Base {
  version: number;
  values: PersonFormValues;
}

/**
 * The person's identity, roles and consents, saved with the version they were read at. When someone else saved
 * first (409), the newer version is loaded under what was typed: the fields this form did not touch follow it,
 * the ones it changed keep the typed value, and the fields both changed are listed so the person decides.
 */
export function PersonIdentityForm({ person, readOnly = false }: { person: Person; readOnly?: boolean }) {
  const queryClient = useQueryClient();
  const update = useUpdatePerson();
  const form = useForm<PersonFormValues>({ defaultValues: toPersonFormValues(person) });
  const [base, setBase] = useState<Base>(() => ({ version: person.version, values: toPersonFormValues(person) }));
  const [stale, setStale] = useState<{ conflicts: PersonConflict[] } | null>(null);
  const staleNotice = useRef<HTMLDivElement>(null);
  // Leaving with unsaved changes asks first (a link, the back button, closing the tab).
  useUnsavedChangesPrompt(form.formState.isDirty && !update.isPending);

  const [sync, setSync] = useState<{ latest: PersonFormValues; typed: Partial<PersonFormValues>; campos: CustomFieldFormValues } | null>(null);
  // The organisation's own fields: a value hidden from this role (`***`) is shown read-only and never sent.
  const customFields = useActiveCustomFields('persona');
  const allCustomFields = useAllCustomFields('persona');
  const rules = customFields.data ?? [];
  const savedCampos = camposOf(person);
  const maskedCampos = maskedKeys(savedCampos);

  // A newer version arrived (someone else's save read after a 409, a block, a merge): rebase on it, keeping what was typed.
  if (person.version !== base.version) {
    const latest = toPersonFormValues(person);
    const typed = form.getValues();
    const conflicts = personConflicts(base.values, typed, latest, roleLabel);
    const edited = personFormFields.filter((field) => fieldDiffers(base.values, typed, field));
    setBase({ version: person.version, values: latest });
    setSync({
      latest,
      typed: Object.fromEntries(edited.map((field) => [field, typed[field]])),
      campos: editedCustomFieldValues(base.values.campos, typed.campos),
    });
    if (conflicts.length > 0) setStale({ conflicts });
  }

  // The form's fields follow the rebase: the newer values, then what this form had changed on top.
  useEffect(() => {
    if (!sync) return;
    form.reset(sync.latest);
    for (const [field, value] of Object.entries(sync.typed) as [keyof PersonFormValues, PersonFormValues[keyof PersonFormValues]][]) {
      form.setValue(field, value, { shouldDirty: true });
    }
    for (const [clave, value] of Object.entries(sync.campos)) form.setValue(`campos.${clave}`, value, { shouldDirty: true });
  }, [sync, form]);

  useEffect(() => {
    if (stale) staleNotice.current?.focus();
  }, [stale]);

  const onSubmit = form.handleSubmit((values) => {
    if (!checkPersonForm(values, form, personMessages.contactRequired, { rules, saved: savedCampos })) return;
    const changes = changedPersonInput(base.values, values);
    // The own fields changed from the version read (`null` clears one).
    const campos = customFieldsPayload(rules, values.campos, { saved: savedCampos, since: base.values.campos });
    if (Object.keys(campos).length > 0) changes.campos = campos;
    if (Object.keys(changes).length === 0) {
      notifications.show({ color: 'gray', message: 'No hay cambios que guardar.' });
      return;
    }
    update.mutate(
      { id: person.id, version: base.version, changes },
      {
        onSuccess: (saved) => {
          const savedValues = toPersonFormValues(saved);
          setBase({ version: saved.version, values: savedValues });
          form.reset(savedValues);
          setStale(null);
          notifications.show({ color: 'teal', message: 'Cambios guardados.' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            // Nothing typed is lost: the newer version is read and the effect above merges it under the form.
            setStale({ conflicts: [] });
            void queryClient.fetchQuery({ ...personQueryOptions(person.id), staleTime: 0 });
            return;
          }
          if (setServerFieldErrors(error, [...serverFields, ...customFieldErrorPaths(rules)], form.setError)) return;
          notifications.show({ color: 'red', title: 'No se pudieron guardar los cambios', message: getErrorMessage(error) });
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="person-identity-title">
      <Title order={2} fz="h4" mb="sm" id="person-identity-title">
        Datos de la persona
      </Title>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Datos de la persona">
        <Stack gap="md">
          {stale ? (
            <Alert
              ref={staleNotice}
              tabIndex={-1}
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={20} aria-hidden="true" />}
              title="Otra persona guardó cambios mientras editabas"
            >
              <Stack gap="xs">
                <Text size="sm">
                  Cargamos su versión. Lo que escribiste sigue en el formulario: revísalo y pulsa «Guardar cambios» para que quede.
                </Text>
                {stale.conflicts.length > 0 ? (
                  <List size="sm" aria-label="Campos cambiados por las dos partes">
                    {stale.conflicts.map((conflict) => (
                      <List.Item key={conflict.field}>
                        <strong>{conflict.label}</strong>: tu valor «{conflict.mine}»; guardado «{conflict.theirs}».
                      </List.Item>
                    ))}
                  </List>
                ) : null}
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      form.reset(base.values);
                      setStale(null);
                    }}
                  >
                    Descartar lo mío y quedarme con lo guardado
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <PersonFields
            form={form}
            disabled={readOnly || update.isPending}
            origins={person.consentimientosOrigen}
            customFields={formCustomFields(rules)}
            maskedCampos={maskedCampos}
          />
          <CustomFieldValuesList definitions={allCustomFields.data} values={savedCampos} archivedOnly title="Campos propios archivados" />
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Guardar cambios
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
