import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { packageInputSchema, type Package, type PackageFormValues, type PackageInput } from '@refugio/contracts';
import { Controller, useForm } from 'react-hook-form';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSavePackage } from '../api/save-package';

const fields = ['nombre', 'descripcion', 'cupo', 'diasVigencia'] as const;

function PackageForm({ editing, onClose }: { editing: Package | undefined; onClose: () => void }) {
  const save = useSavePackage();
  const form = useForm<PackageFormValues, unknown, PackageInput>({
    resolver: zodResolver(packageInputSchema),
    defaultValues: editing
      ? { nombre: editing.nombre, descripcion: editing.descripcion, cupo: editing.cupo, diasVigencia: editing.diasVigencia }
      : { nombre: '', descripcion: '', cupo: 5, diasVigencia: 30 },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id: editing?.id, input },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', title: editing ? 'Paquete actualizado' : 'Paquete creado', message: saved.nombre });
          onClose();
        },
        onError: (error) => {
          if (setServerFieldErrors(error, fields, form.setError)) return;
          notifications.show({ color: 'red', title: 'No se pudo guardar el paquete', message: getErrorMessage(error) });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={editing ? 'Editar paquete' : 'Nuevo paquete'}>
      <Stack gap="md">
        <TextInput label="Nombre" required data-autofocus {...form.register('nombre')} error={errors.nombre?.message} />
        <Textarea label="Descripción" autosize minRows={2} {...form.register('descripcion')} error={errors.descripcion?.message} />
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="cupo"
            render={({ field }) => (
              <NumberInput
                label="Mascotas por enlace"
                description="Cuántas mascotas puede registrar cada enlace"
                required
                min={1}
                allowDecimal={false}
                value={field.value as number | string}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.cupo?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="diasVigencia"
            render={({ field }) => (
              <NumberInput
                label="Días de vigencia"
                description="Cuántos días vale un enlace"
                required
                min={1}
                allowDecimal={false}
                value={field.value as number | string}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.diasVigencia?.message}
              />
            )}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Guardar cambios' : 'Crear paquete'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creates a package (`editing` undefined) or edits one. */
export function PackageFormModal({ opened, editing, onClose }: { opened: boolean; editing: Package | undefined; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Editar «${editing.nombre}»` : 'Nuevo paquete'}>
      {opened && <PackageForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} />}
    </Modal>
  );
}
