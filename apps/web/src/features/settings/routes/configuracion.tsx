import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrganizationSettings } from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { lacksContact, organizationSettingsQueryOptions } from '../../../lib/organization-settings';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { useSaveOrganization } from '../api/organization';
import { EmbedCode } from '../components/embed-code';

type Draft = Record<'nombre' | 'email' | 'telefono' | 'direccion' | 'web' | 'zonaHoraria', string>;

const toDraft = (org: OrganizationSettings): Draft => ({
  nombre: org.nombre ?? '',
  email: org.email ?? '',
  telefono: org.telefono ?? '',
  direccion: org.direccion ?? '',
  web: org.web ?? '',
  zonaHoraria: org.zonaHoraria,
});

function OrganizationForm({ org }: { org: OrganizationSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(org));
  const save = useSaveOrganization();
  const saved = toDraft(org);
  const dirty = (Object.keys(draft) as (keyof Draft)[]).some((k) => draft[k] !== saved[k]);
  useUnsavedChangesPrompt(dirty);
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : undefined;
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [name]: value }));
    },
    error: fieldErrors?.[name],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        ...draft,
        email: draft.email || null,
        telefono: draft.telefono || null,
        direccion: draft.direccion || null,
        web: draft.web || null,
        version: org.version,
      },
      {
        onSuccess: (next) => {
          setDraft(toDraft(next));
          notifications.show({ color: 'teal', message: 'Datos de la organización guardados.' });
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} aria-labelledby="org-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="org-title">
          La organización
        </Title>
        {lacksContact(org) ? (
          <Alert color="orange" title="Falta el contacto de la organización">
            Escribe el nombre y un correo o un teléfono: firman los mensajes y aparecen en el catálogo, los portales y los contratos.
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          Firman cada correo y aparecen en las páginas públicas.
          {org.version === 0 ? ' Ahora se usan los valores de la configuración del servidor.' : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre" required autoComplete="organization" {...field('nombre')} />
          <TextInput label="Correo de contacto" type="email" autoComplete="email" {...field('email')} />
          <TextInput label="Teléfono" type="tel" autoComplete="tel" {...field('telefono')} />
          <TextInput label="Web" type="url" placeholder="https://" autoComplete="url" {...field('web')} />
          <TextInput label="Dirección" autoComplete="street-address" {...field('direccion')} />
          <TextInput label="Zona horaria" description="Por ejemplo, Europe/Madrid o America/Mexico_City" required {...field('zonaHoraria')} />
        </SimpleGrid>
        {save.isError && <Alert color="red">{getErrorMessage(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Configuración (/configuracion, administrators): the organisation's data and whether e-mail can leave. */
function ConfiguracionScreen() {
  const org = useQuery(organizationSettingsQueryOptions);
  return (
    <Stack gap="lg">
      <title>Configuración · Refugio Admin</title>
      <Title order={1} fz="h2">
        Configuración
      </Title>
      {org.isPending ? (
        <ListLoading label="Cargando la configuración..." />
      ) : org.isError ? (
        <ListLoadError title="No se pudo cargar la configuración" onRetry={() => void org.refetch()}>
          {getErrorMessage(org.error)}
        </ListLoadError>
      ) : (
        <>
          <OrganizationForm org={org.data} />
          <EmbedCode />
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mail-title">
            <Stack gap="xs">
              <Title order={2} fz="h3" id="mail-title">
                Correo electrónico
              </Title>
              {org.data.correoConfigurado ? (
                <Alert color="teal">El correo está configurado: los mensajes salen por el servidor SMTP.</Alert>
              ) : (
                <Alert color="orange">
                  El correo no está configurado. Los mensajes se guardan como «no enviados» hasta que se definan SMTP_URL y MAIL_FROM en el servidor.
                </Alert>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

export { ConfiguracionScreen as Component };
