import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type RegistrationFieldsInput, countLabel } from '@refugio/contracts';
import { useState, type ReactNode } from 'react';
import { useRegistration } from '../hooks/use-registration';
import { checkMedia } from '../lib/media-checks';
import { MediaFields } from './media-fields';
import { ContactFields, HoneypotField, PetFields, StoryFields } from './registration-fields';
import { RegistrationConfirmation, SubmitFailure, UploadProgress } from './submit-status';

interface Step {
  title: string;
  fields: (keyof RegistrationFieldsInput)[];
}

const steps: Step[] = [
  { title: 'Tus datos', fields: ['contactoNombre', 'contactoEmail', 'contactoTelefono'] },
  { title: 'La mascota', fields: ['nombre', 'edad', 'tipo', 'genero', 'tamano', 'discapacidad'] },
  { title: 'Su historia', fields: ['personalidad', 'historia', 'tags'] },
  { title: 'Fotos y videos', fields: [] },
  { title: 'Enviar', fields: [] },
];

/** The registration made for a phone: one group of fields per step, the camera for photos, progress per file. */
export function RegistrationSteps({ enlaceId, canRegisterAnother = true }: { enlaceId?: string | undefined; canRegisterAnother?: boolean }) {
  const { form, media, setMedia, mediaErrors, state, send, startAnother } = useRegistration(enlaceId);
  const [step, setStep] = useState(0);
  const current = steps[step]!;
  const last = step === steps.length - 1;

  if (state.status === 'done') {
    return (
      <RegistrationConfirmation
        reference={state.reference}
        onAnother={
          canRegisterAnother
            ? () => {
                startAnother();
                setStep(1);
              }
            : undefined
        }
      />
    );
  }

  const next = async () => {
    if (current.fields.length > 0 && !(await form.trigger(current.fields, { shouldFocus: true }))) return;
    if (step === 3 && Object.keys(await checkMedia(media)).length > 0) return;
    setStep(step + 1);
  };

  const submit = async () => {
    if (await send()) return;
    // A field the server (or the schema) refused: go back to the step that holds it.
    const errors = form.formState.errors;
    const withError = steps.findIndex((s) => s.fields.some((f) => errors[f]));
    if (withError >= 0) setStep(withError);
    else if (Object.keys(await checkMedia(media)).length > 0) setStep(3);
  };

  let body: ReactNode;
  if (step === 0) body = <ContactFields form={form} />;
  else if (step === 1) body = <PetFields form={form} />;
  else if (step === 2) body = <StoryFields form={form} />;
  else if (step === 3) body = <MediaFields media={media} errors={mediaErrors} onChange={setMedia} />;
  else {
    const v = form.getValues();
    body = (
      <Stack gap="xs">
        <Text>
          <strong>{v.nombre}</strong> · {v.tipo} · {v.edad}
        </Text>
        <Text size="sm" c="dimmed">
          Contacto: {v.contactoNombre} ({v.contactoEmail})
        </Text>
        <Text size="sm" c="dimmed">
          {countLabel((media.image ? 1 : 0) + media.imagenes.length, 'foto', 'fotos')} · {countLabel(media.videos.length, 'video', 'videos')}
        </Text>
        {state.status === 'sending' && <UploadProgress state={state} media={media} />}
        {state.status === 'failed' && <SubmitFailure state={state} onRetry={() => void submit()} />}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md">
      <form
        noValidate
        aria-label="Registro de mascota"
        onSubmit={(event) => {
          event.preventDefault();
          void (last ? submit() : next());
        }}
      >
        <Stack gap="md">
          <div>
            <Text size="xs" c="dimmed">
              Paso {step + 1} de {steps.length}
            </Text>
            <Progress value={((step + 1) / steps.length) * 100} size="sm" aria-hidden="true" />
          </div>
          <Title order={2} fz="h3">
            {current.title}
          </Title>
          {body}
          <HoneypotField form={form} />
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Button variant="default" size="md" disabled={step === 0 || state.status === 'sending'} onClick={() => setStep(step - 1)}>
              Atrás
            </Button>
            <Button type="submit" size="md" loading={state.status === 'sending'}>
              {last ? 'Enviar registro' : 'Siguiente'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
