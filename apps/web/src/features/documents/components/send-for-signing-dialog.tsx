import { Alert, Button, CopyButton, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import type { SentDocument } from '@refugio/contracts';
import { useSendForSigning } from '../api/documents';

/** "Enviar para firmar": by e-mail or WhatsApp (opened in a new tab); the link is shown with a copy button either way. */
export function SendForSigningDialog({ documentoId, opened, onClose }: { documentoId: number; opened: boolean; onClose: () => void }) {
  const [canal, setCanal] = useState<'email' | 'whatsapp'>('email');
  const [sent, setSent] = useState<SentDocument | null>(null);
  const send = useSendForSigning();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate(
      { id: documentoId, canal },
      {
        onSuccess: (answer) => {
          setSent(answer);
          if (canal === 'whatsapp' && answer.whatsappUrl) window.open(answer.whatsappUrl, '_blank', 'noopener');
        },
      },
    );
  };

  const close = () => {
    setSent(null);
    send.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Enviar para firmar" centered>
      {sent ? (
        <Stack gap="sm">
          <Text size="sm" role="status">
            {canal === 'email' ? 'Enlace enviado por correo.' : 'Enlace preparado en WhatsApp (se abrió en otra pestaña).'} Vence el{' '}
            {formatDateTime(sent.venceEn)}.
          </Text>
          <TextInput label="Enlace para firmar" value={sent.url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="space-between" gap="sm">
            <CopyButton value={sent.url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                  onClick={copy}
                >
                  {copied ? 'Copiado' : 'Copiar enlace'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>Cerrar</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              La persona recibe un enlace para leer el contrato y firmarlo desde su móvil. Un envío nuevo sustituye al enlace anterior.
            </Text>
            <Radio.Group label="Cómo enviarlo" value={canal} onChange={(value) => setCanal(value)}>
              <Stack gap="xs" mt="xs">
                <Radio value="email" label="Por correo electrónico" />
                <Radio value="whatsapp" label="Por WhatsApp" />
              </Stack>
            </Radio.Group>
            {send.isError ? <Alert color="red">{getErrorMessage(send.error)}</Alert> : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={send.isPending}>
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
