import { Anchor, Checkbox, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  MICROCHIP_DIGITS,
  PROCEDENCIAS,
  PROCEDENCIA_DETAIL_MAX_LENGTH,
  STERILISED_VALUES,
  formatKg,
  petFormMessages,
  procedenciaLabels,
  sterilisedLabels,
  type PetFields,
} from '@refugio/contracts';
import { Controller, useFormState, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import type { PetFormValues } from '../lib/pet-form-values';

const procedenciaOptions = PROCEDENCIAS.map((value) => ({ value, label: procedenciaLabels[value] }));

interface PetIdentityFieldsProps {
  control: Control<PetFormValues, unknown, PetFields>;
  register: UseFormRegister<PetFormValues>;
  /** The saved pet (Editar): its latest weight is shown read-only, with a link to the weights. */
  pet: { id: number; pesoKg: number | null } | null;
}

/**
 * Breed, colour, birth date (exact or approximate), microchip, sterilised (with its date), where it came from and
 * the latest weight. A microchip already on another pet comes back from the server as this field's error.
 */
export function PetIdentityFields({ control, register, pet }: PetIdentityFieldsProps) {
  const { errors } = useFormState({ control });
  const esterilizado = useWatch({ control, name: 'esterilizado' });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="md">
        {petFormMessages.identityTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label={petFormMessages.raza} autoComplete="off" error={errors.raza?.message} {...register('raza')} />
        <TextInput label={petFormMessages.color} autoComplete="off" error={errors.color?.message} {...register('color')} />
        <Stack gap={6}>
          <TextInput type="date" label={petFormMessages.fechaNacimiento} error={errors.fechaNacimiento?.message} {...register('fechaNacimiento')} />
          <Controller
            control={control}
            name="fechaNacimientoAprox"
            render={({ field }) => (
              <Checkbox
                ref={field.ref}
                label={petFormMessages.fechaNacimientoAprox}
                description={petFormMessages.fechaNacimientoAproxDescription}
                checked={field.value === '1'}
                onChange={(event) => field.onChange(event.currentTarget.checked ? '1' : '0')}
                onBlur={field.onBlur}
              />
            )}
          />
        </Stack>
        <TextInput
          label={petFormMessages.microchip}
          description={petFormMessages.microchipDescription}
          inputMode="numeric"
          autoComplete="off"
          maxLength={MICROCHIP_DIGITS + 6}
          error={errors.microchip?.message}
          {...register('microchip')}
        />
        <Controller
          control={control}
          name="esterilizado"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="pet-esterilizado-label">
                {petFormMessages.esterilizado}
              </Text>
              <SegmentedControl
                aria-labelledby="pet-esterilizado-label"
                value={field.value ?? 'desconocido'}
                onChange={field.onChange}
                data={STERILISED_VALUES.map((value) => ({ value, label: sterilisedLabels[value] }))}
              />
            </Stack>
          )}
        />
        {esterilizado === 'si' ? (
          <TextInput
            type="date"
            label={petFormMessages.fechaEsterilizacion}
            error={errors.fechaEsterilizacion?.message}
            {...register('fechaEsterilizacion')}
          />
        ) : null}
        <Controller
          control={control}
          name="procedencia"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label={petFormMessages.procedencia}
              description={petFormMessages.procedenciaDescription}
              placeholder={petFormMessages.procedenciaSinIndicar}
              data={procedenciaOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors.procedencia?.message}
              clearable
            />
          )}
        />
        <TextInput
          label={petFormMessages.procedenciaDetalle}
          placeholder={petFormMessages.procedenciaDetallePlaceholder}
          autoComplete="off"
          maxLength={PROCEDENCIA_DETAIL_MAX_LENGTH}
          error={errors.procedenciaDetalle?.message}
          {...register('procedenciaDetalle')}
        />
        {pet ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {petFormMessages.pesoKg}
            </Text>
            <Group gap="xs">
              <Text size="sm">{pet.pesoKg === null ? petFormMessages.pesoSinDatos : formatKg(pet.pesoKg)}</Text>
              <Anchor component={Link} to={`/mascota/${pet.id}/salud`} size="sm">
                {petFormMessages.pesoVerPesos}
              </Anchor>
            </Group>
          </Stack>
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}
