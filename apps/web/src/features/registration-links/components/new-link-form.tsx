import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createLinkInputSchema, type CreateLinkFormValues, type CreateLinkInput, type RegistrationLink, countLabel } from '@refugio/contracts';
import { Controller, useForm } from 'react-hook-form';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateLink } from '../api/create-link';
import { useLinkPackages } from '../api/list-link-packages';

const fields = ['paqueteId', 'destinatario', 'email', 'telefono', 'nota'] as const;
const empty: CreateLinkFormValues = { paqueteId: '', destinatario: '', email: '', telefono: '', nota: '' };

/** Issues a link under a package to a named recipient; `onCreated` shows it (URL and QR code). */
export function NewLinkForm({ onCreated }: { onCreated: (link: RegistrationLink) => void }) {
  const packages = useLinkPackages();
  const create = useCreateLink();
  const form = useForm<CreateLinkFormValues, unknown, CreateLinkInput>({ resolver: zodResolver(createLinkInputSchema), defaultValues: empty });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (link) => {
        notifications.show({ color: 'teal', title: 'Enlace creado', message: `Enlace para ${link.destinatario}.` });
        form.reset(empty);
        onCreated(link);
      },
      onError: (error) => {
        if (setServerFieldErrors(error, fields, form.setError)) return;
        notifications.show({ color: 'red', title: 'No se pudo crear el enlace', message: getErrorMessage(error) });
      },
    }),
  );

  const options = (packages.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.nombre} (${countLabel(p.cupo, 'mascota', 'mascotas')}, ${countLabel(p.diasVigencia, 'día', 'días')})`,
  }));

  return (
    <Paper withBorder radius="md" p="lg">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="nuevo-enlace-titulo">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="nuevo-enlace-titulo">
            Nuevo enlace
          </Title>
          <Controller
            control={form.control}
            name="paqueteId"
            render={({ field }) => (
              <Select
                label="Paquete"
                required
                placeholder={packages.isPending ? 'Cargando paquetes...' : options.length === 0 ? 'Primero crea un paquete' : 'Elige un paquete'}
                data={options}
                value={typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) || null : null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.paqueteId?.message}
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label="Destinatario"
            description="Persona u organización que recibe el enlace"
            required
            {...form.register('destinatario')}
            error={errors.destinatario?.message}
          />
          <Group grow align="flex-start">
            <TextInput label="Correo electrónico" type="email" {...form.register('email')} error={errors.email?.message} />
            <TextInput label="Teléfono" type="tel" {...form.register('telefono')} error={errors.telefono?.message} />
          </Group>
          <Textarea label="Nota" autosize minRows={2} {...form.register('nota')} error={errors.nota?.message} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Crear enlace
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
