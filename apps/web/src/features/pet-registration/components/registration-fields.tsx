import { NativeSelect, SimpleGrid, Stack, TagsInput, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { HONEYPOT_FIELD, PET_GENDERS, PET_SIZES, PET_TYPES, TAGS_MAX, type RegistrationFields } from '@refugio/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { decodeTags, encodeTags } from '../../../lib/wire-encodings';
import type { RegistrationValues } from '../lib/registration-values';

type Form = UseFormReturn<RegistrationValues, unknown, RegistrationFields>;

/** The submitter's contact: the shelter writes back here. */
export function ContactFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <Stack gap="sm">
      <TextInput label="Tu nombre" required autoComplete="name" {...form.register('contactoNombre')} error={errors.contactoNombre?.message} />
      <TextInput
        label="Tu correo electrónico"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        {...form.register('contactoEmail')}
        error={errors.contactoEmail?.message}
      />
      <TextInput
        label="Tu teléfono"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...form.register('contactoTelefono')}
        error={errors.contactoTelefono?.message}
      />
    </Stack>
  );
}

/** Name, age, type, gender, size and disability, with the pet rules of the contracts. */
export function PetFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Nombre de la mascota" required {...form.register('nombre')} error={errors.nombre?.message} />
        <TextInput label="Edad" description="Por ejemplo: 2 años, 6 meses" required {...form.register('edad')} error={errors.edad?.message} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <NativeSelect label="Tipo" data={[...PET_TYPES]} {...form.register('tipo')} error={errors.tipo?.message} />
        <NativeSelect label="Género" data={[...PET_GENDERS]} {...form.register('genero')} error={errors.genero?.message} />
        <NativeSelect label="Tamaño" data={[...PET_SIZES]} {...form.register('tamano')} error={errors.tamano?.message} />
        <NativeSelect
          label="Discapacidad"
          data={[
            { value: '0', label: 'No' },
            { value: '1', label: 'Sí' },
          ]}
          {...form.register('discapacidad')}
          error={errors.discapacidad?.message}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Personality, story and tags (sent as JSON text, as the pet contract says). */
export function StoryFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <Stack gap="sm">
      <Textarea label="Personalidad" autosize minRows={2} {...form.register('personalidad')} error={errors.personalidad?.message} />
      <Textarea
        label="Historia"
        description="Dónde y cómo la encontraste, su salud, lo que sepas"
        autosize
        minRows={3}
        {...form.register('historia')}
        error={errors.historia?.message}
      />
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagsInput
            label="Etiquetas"
            description={`Palabras que la describen (hasta ${TAGS_MAX}); pulsa Enter tras cada una`}
            maxTags={TAGS_MAX}
            value={decodeTags(field.value)}
            onChange={(tags) => field.onChange(encodeTags(tags))}
            onBlur={field.onBlur}
            error={errors.tags?.message}
          />
        )}
      />
    </Stack>
  );
}

/** Invisible to people (and skipped by keyboard and screen readers); simple bots fill it and are refused. */
export function HoneypotField({ form }: { form: Form }) {
  return (
    <VisuallyHidden aria-hidden="true">
      <label>
        No completes este campo
        <input type="text" tabIndex={-1} autoComplete="off" {...form.register(HONEYPOT_FIELD)} />
      </label>
    </VisuallyHidden>
  );
}
