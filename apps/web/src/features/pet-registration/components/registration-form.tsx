import { Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRegistration } from '../hooks/use-registration';
import { MediaFields } from './media-fields';
import { ContactFields, HoneypotField, PetFields, StoryFields } from './registration-fields';
import { RegistrationConfirmation, SubmitFailure, UploadProgress } from './submit-status';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The public registration form on one page (RegistroMascota, RegistroMascotaConLink). */
export function RegistrationForm({ enlaceId, canRegisterAnother = true }: { enlaceId?: string | undefined; canRegisterAnother?: boolean }) {
  const registration = useRegistration(enlaceId);
  const { form, media, setMedia, mediaErrors, formError, state, send, startAnother } = registration;

  if (state.status === 'done')
    return <RegistrationConfirmation reference={state.reference} onAnother={canRegisterAnother ? startAnother : undefined} />;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form
        noValidate
        aria-label="Registro de mascota"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="lg">
          <Section title="Tus datos">
            <ContactFields form={form} />
          </Section>
          <Divider />
          <Section title="La mascota">
            <PetFields form={form} />
          </Section>
          <Section title="Su historia">
            <StoryFields form={form} />
          </Section>
          <Divider />
          <Section title="Fotos y videos">
            <MediaFields media={media} errors={mediaErrors} onChange={setMedia} />
          </Section>
          <HoneypotField form={form} />
          {state.status === 'sending' && <UploadProgress state={state} media={media} />}
          {state.status === 'failed' && <SubmitFailure state={state} onRetry={() => void send()} />}
          <Text size="xs" c="dimmed">
            Usaremos tus datos solo para contactarte sobre esta mascota.
          </Text>
          {formError ? (
            <Text c="red" fw={600} role="alert">
              {formError}
            </Text>
          ) : null}
          <Button type="submit" size="md" loading={state.status === 'sending'}>
            Enviar registro
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
