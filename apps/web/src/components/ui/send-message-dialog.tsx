import { Alert, Anchor, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type MessageChannel,
  PERSON_TEMPLATE_VARIABLES,
  TEMPLATE_TITLES,
  type TemplateKey,
  type TemplateVariable,
  messageStateLabels,
  templateKeysFilledBy,
} from '@refugio/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../lib/get-error-message';
import { useSendMessage } from '../../lib/messages-api';
import { openWhatsappTab } from '../../lib/whatsapp-tab';

export interface SendMessageDialogProps {
  opened: boolean;
  onClose: () => void;
  personaId: number;
  /** The person's name, in the title. */
  nombre: string;
  /** The channel chosen when it opens. */
  canal?: MessageChannel;
  /** What the person accepts and has: a channel they cannot get is offered disabled, with the reason. */
  puede?: { email: boolean; whatsapp: boolean };
  /** A text to start from (e.g. a pet's card when asking a foster home); closing asks only if it was changed. */
  asuntoInicial?: string;
  cuerpoInicial?: string;
  /**
   * The variables this place fills (the person's name and the organisation's data by default): only templates
   * that need nothing more are offered, so no message goes out with a gap where a pet's name should be.
   */
  variables?: readonly TemplateVariable[];
  /** After a message is kept (to refresh what shows it beside the list of messages). */
  onSent?: () => void;
}

/**
 * Writing to a person by e-mail or WhatsApp, with a template or a text of one's own. E-mail is sent by the
 * server; WhatsApp opens wa.me with the text on this phone or WhatsApp Web (the message is kept as registered).
 * Closing with text written asks first.
 */
export function SendMessageDialog({
  opened,
  onClose,
  personaId,
  nombre,
  canal: initialCanal = 'email',
  puede,
  asuntoInicial = '',
  cuerpoInicial = '',
  variables = PERSON_TEMPLATE_VARIABLES,
  onSent,
}: SendMessageDialogProps) {
  const templates = templateKeysFilledBy(variables);
  const [canal, setCanal] = useState<MessageChannel>(initialCanal);
  const [plantilla, setPlantilla] = useState<TemplateKey | null>(null);
  const [asunto, setAsunto] = useState(asuntoInicial);
  const [cuerpo, setCuerpo] = useState(cuerpoInicial);
  const [whatsappUrl, setWhatsappUrl] = useState<string | null>(null);
  const send = useSendMessage(personaId);
  const dirty = asunto !== asuntoInicial || cuerpo !== cuerpoInicial;

  const close = () => {
    if (dirty && !window.confirm('¿Descartar el mensaje sin enviarlo?')) return;
    setAsunto(asuntoInicial);
    setCuerpo(cuerpoInicial);
    setPlantilla(null);
    setWhatsappUrl(null);
    onClose();
  };

  const submit = () => {
    const input = plantilla ? { canal, plantilla } : { canal, asunto: canal === 'email' ? asunto : undefined, cuerpo };
    const tab = canal === 'whatsapp' ? openWhatsappTab() : null;
    send.mutate(input, {
      onError: () => tab?.close(),
      onSuccess: (sent) => {
        setAsunto(asuntoInicial);
        setCuerpo(cuerpoInicial);
        onSent?.();
        if (sent.url) {
          setWhatsappUrl(sent.url);
          (tab ?? openWhatsappTab()).go(sent.url);
          return;
        }
        tab?.close();
        notifications.show({ color: 'teal', message: `Mensaje guardado: ${messageStateLabels[sent.mensaje.estado].toLowerCase()}.` });
        onClose();
      },
    });
  };

  const blocked = puede && !puede[canal];
  return (
    <Modal opened={opened} onClose={close} title={`Escribir a ${nombre}`} centered>
      <Stack gap="sm">
        {whatsappUrl ? (
          <>
            <Text>El mensaje queda registrado. Si WhatsApp no se ha abierto, ábrelo desde aquí:</Text>
            <Anchor href={whatsappUrl} target="_blank" rel="noopener noreferrer">
              Abrir WhatsApp con el mensaje
            </Anchor>
            <Group justify="flex-end">
              <Button onClick={close}>Cerrar</Button>
            </Group>
          </>
        ) : (
          <>
            <SegmentedControl
              aria-label="Canal"
              value={canal}
              onChange={(value) => setCanal(value)}
              data={[
                { value: 'email', label: 'Correo' },
                { value: 'whatsapp', label: 'WhatsApp' },
              ]}
            />
            {blocked && (
              <Alert color="orange">
                {canal === 'email'
                  ? 'Esta persona no tiene correo o no ha aceptado recibir correos.'
                  : 'Esta persona no tiene teléfono o no ha aceptado WhatsApp.'}
              </Alert>
            )}
            {templates.length > 0 && (
              <Select
                label="Plantilla"
                placeholder="Sin plantilla: escribo el texto"
                data={templates.map((value) => ({ value, label: TEMPLATE_TITLES[value] }))}
                value={plantilla}
                onChange={(value) => setPlantilla(value)}
                clearable
              />
            )}
            {!plantilla && (
              <>
                {canal === 'email' && <TextInput label="Asunto" required value={asunto} onChange={(e) => setAsunto(e.currentTarget.value)} />}
                <Textarea label="Texto" required autosize minRows={4} value={cuerpo} onChange={(e) => setCuerpo(e.currentTarget.value)} />
              </>
            )}
            {send.isError && <Alert color="red">{getErrorMessage(send.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button onClick={submit} loading={send.isPending} disabled={Boolean(blocked)}>
                {canal === 'email' ? 'Enviar correo' : 'Abrir WhatsApp'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
