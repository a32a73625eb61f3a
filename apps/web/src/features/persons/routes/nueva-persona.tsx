import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { personMessages } from '@refugio/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { customFieldErrorPaths, customFieldsPayload, formCustomFields } from '../../../lib/custom-fields';
import { useActiveCustomFields } from '../../../lib/custom-field-definitions';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { useCreatePerson } from '../api/create-person';
import { checkPersonForm, PersonFields } from '../components/person-fields';
import { emptyPersonFormValues, type PersonFormValues, personTextFields, toCreatePersonInput } from '../lib/person-form-values';

const serverFields = [...personTextFields, 'roles'] as const;

/** Nueva persona (/personas/nueva): a person the team knows outside the public forms (a volunteer, a member...). */
function NuevaPersonaScreen() {
  const navigate = useNavigate();
  const createPerson = useCreatePerson();
  const form = useForm<PersonFormValues>({ defaultValues: emptyPersonFormValues });
  const customFields = useActiveCustomFields('persona');
  const rules = customFields.data ?? [];
  // Once created, the form is left for the person's page: only an unsent form asks before leaving.
  useUnsavedChangesPrompt(form.formState.isDirty && !createPerson.isPending && !createPerson.isSuccess);

  const onSubmit = form.handleSubmit((values) => {
    if (!checkPersonForm(values, form, personMessages.contactRequired, { rules })) return;
    // The own fields given (an empty one is not sent: there is nothing to clear on a new person).
    const campos = customFieldsPayload(rules, values.campos, { since: {} });
    createPerson.mutate(
      { ...toCreatePersonInput(values), ...(Object.keys(campos).length > 0 ? { campos } : {}) },
      {
        onSuccess: (person) => {
          notifications.show({ color: 'teal', message: `${person.nombre} se agregó a Personas.` });
          void navigate(`/personas/${person.id}`);
        },
        onError: (error) => {
          // An invalid phone or e-mail comes back under its field; what was typed stays.
          if (setServerFieldErrors(error, [...serverFields, ...customFieldErrorPaths(rules)], form.setError)) return;
          notifications.show({ color: 'red', title: 'No se pudo crear la persona', message: getErrorMessage(error) });
        },
      },
    );
  });

  return (
    <Stack gap="lg" maw={860}>
      <title>Nueva persona · Refugio Admin</title>
      <div>
        <Breadcrumbs mb="xs" separator="›">
          <Anchor component={Link} to="/personas" size="sm">
            Personas
          </Anchor>
          <Text size="sm" c="dimmed">
            Nueva persona
          </Text>
        </Breadcrumbs>
        <Title order={1} fz="h2">
          Nueva persona
        </Title>
        <Text c="dimmed">Adoptantes, casas de acogida, voluntariado, socios, padrinos y donantes.</Text>
      </div>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Nueva persona">
          <Stack gap="md">
            <PersonFields form={form} disabled={createPerson.isPending} customFields={formCustomFields(rules)} />
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button component={Link} to="/personas" variant="default">
                Cancelar
              </Button>
              <Button type="submit" loading={createPerson.isPending}>
                Crear persona
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export { NuevaPersonaScreen as Component };
