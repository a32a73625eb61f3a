import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

export interface WhatsappDialogProps {
  opened: boolean;
  /** Who the message is for ("Ana García"). */
  recipient: string;
  /** The first name as the person gave it ("María José"), whole: the greeting uses it. Defaults to `recipient`. */
  greeting?: string;
  pending: boolean;
  error: string | null;
  onSend: (cuerpo: string) => void;
  onClose: () => void;
}

function WhatsappForm({ recipient, greeting, pending, error, onSend, onClose }: Omit<WhatsappDialogProps, 'opened'>) {
  const name = (greeting ?? recipient).trim();
  const [cuerpo, setCuerpo] = useState(name ? `Hola, ${name}: ` : 'Hola: ');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (cuerpo.trim() === '') return setMissing(true);
        onSend(cuerpo.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Se abrirá WhatsApp (en el teléfono o en WhatsApp Web) con el mensaje escrito; envíalo desde allí. El mensaje queda registrado en la ficha de
          la persona.
        </Text>
        <Textarea
          label="Mensaje"
          autosize
          minRows={3}
          value={cuerpo}
          error={missing ? 'Escribe el mensaje.' : undefined}
          onChange={(event) => {
            setCuerpo(event.currentTarget.value);
            setMissing(false);
          }}
          data-autofocus
        />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" color="teal" loading={pending}>
            Abrir WhatsApp
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Click-to-chat: the text to send, then the caller opens `https://wa.me/...` with it in a new tab. */
export function WhatsappDialog({ opened, ...props }: WhatsappDialogProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title={`WhatsApp a ${props.recipient}`} centered>
      {opened ? <WhatsappForm {...props} /> : null}
    </Modal>
  );
}
