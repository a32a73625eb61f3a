import { ColorInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DEFAULT_COLOR, ROLES, type Rol, isRole, roleDescriptions } from '@refugio/contracts';
import { Controller, useFormContext } from 'react-hook-form';

/** The fields a user form shares with the edit form (the create form adds e-mail and password). */
export interface UserProfileValues {
  name: string;
  lastname?: string | undefined;
  rol?: Rol | undefined;
  permisos?: string | undefined;
  color?: string | undefined;
}

const colorSwatches = [DEFAULT_COLOR, '#0E7490', '#0F766E', '#15803D', '#A16207', '#C2410C', '#B91C1C', '#BE185D', '#7E22CE', '#4338CA', '#334155'];

/** Nombre and Apellido, for a form wrapped in react-hook-form's FormProvider. */
export function UserNameFields({ autoFocusName = false }: { autoFocusName?: boolean }) {
  const { register, formState } = useFormContext<UserProfileValues>();
  const { errors } = formState;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Nombre"
        required
        autoComplete="off"
        data-autofocus={autoFocusName || undefined}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextInput label="Apellido" autoComplete="off" error={errors.lastname?.message} {...register('lastname')} />
    </SimpleGrid>
  );
}

/** Rol, Permisos and Color, for a form wrapped in react-hook-form's FormProvider. */
export function UserAccessFields() {
  const { register, control, formState } = useFormContext<UserProfileValues>();
  const { errors } = formState;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={control}
          name="rol"
          render={({ field, fieldState }) => (
            <Select
              label="Rol"
              description={field.value && isRole(field.value) ? roleDescriptions[field.value] : 'Lo que la persona puede ver y hacer.'}
              data={ROLES}
              allowDeselect={false}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          label="Permisos"
          description="Minúsculas, números, guiones y guiones bajos."
          autoComplete="off"
          error={errors.permisos?.message}
          {...register('permisos')}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="color"
        render={({ field, fieldState }) => (
          <ColorInput
            label="Color"
            description="Es el fondo de su avatar con sus iniciales."
            format="hex"
            swatches={colorSwatches}
            swatchesPerRow={11}
            eyeDropperButtonProps={{ 'aria-label': 'Tomar un color de la pantalla' }}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}
