import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type MessageChannel,
  type Surrender,
  type SurrenderMessageDraft,
  type SurrenderMessageKey,
  TEMPLATE_TITLES,
  formatDay,
  messageChannelLabels,
  messageStateLabels,
} from '@refugio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSendSurrenderMessage, useSurrenderMessageDraft, useSurrenderMessages } from '../api/surrenders';
import { openWhatsappTab } from '../../../lib/whatsapp-tab';

const DISCARD = '¿Descartar el mensaje sin enviarlo?';

/** The message as it is being written: the template filled in, then whatever staff changed. */
function MessageForm({
  item,
  draft,
  onDone,
  onDirty,
}: {
  item: Surrender;
  draft: SurrenderMessageDraft;
  onDone: () => void;
  /** Told whether the text differs from the template's (closing the dialog then asks first). */
  onDirty: (dirty: boolean) => void;
}) {
  const [canal, setCanal] = useState<MessageChannel>(draft.canales.email || !draft.canales.whatsapp ? 'email' : 'whatsapp');
  const [asunto, setAsunto] = useState(draft.asunto);
  const [cuerpo, setCuerpo] = useState(draft.cuerpo);
  const [whatsappUrl, setWhatsappUrl] = useState<string | null>(null);
  const send = useSendSurrenderMessage(item.id);
  const dirty = !whatsappUrl && (asunto !== draft.asunto || cuerpo !== draft.cuerpo);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const close = () => {
    if (dirty && !window.confirm(DISCARD)) return;
    onDone();
  };
  const blocked = !draft.canales[canal];

  const submit = () => {
    const tab = canal === 'whatsapp' ? openWhatsappTab() : null;
    send.mutate(
      { canal, ...(draft.plantilla ? { plantilla: draft.plantilla } : {}), asunto: canal === 'email' ? asunto : '', cuerpo },
      {
        onError: () => tab?.close(),
        onSuccess: (sent) => {
          if (sent.url) {
            setWhatsappUrl(sent.url);
            (tab ?? openWhatsappTab()).go(sent.url);
            return;
          }
          tab?.close();
          notifications.show({ color: 'teal', message: `Mensaje a ${item.nombre}: ${messageStateLabels[sent.mensaje.estado].toLowerCase()}.` });
          onDone();
        },
      },
    );
  };

  if (whatsappUrl)
    return (
      <Stack gap="sm">
        <Text>El mensaje queda registrado en la solicitud. Si WhatsApp no se ha abierto, ábrelo desde aquí:</Text>
        <Anchor href={whatsappUrl} target="_blank" rel="noopener noreferrer">
          Abrir WhatsApp con el mensaje
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={onDone}>Cerrar</Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="sm">
      {draft.plantilla ? (
        <Text size="sm" c="dimmed">
          Plantilla «{TEMPLATE_TITLES[draft.plantilla]}», rellenada con los datos de la solicitud. Revísala y cámbiala si hace falta.
        </Text>
      ) : null}
      <SegmentedControl
        aria-label="Canal"
        value={canal}
        onChange={(value) => setCanal(value)}
        data={[
          { value: 'email', label: 'Correo' },
          { value: 'whatsapp', label: 'WhatsApp' },
        ]}
      />
      {blocked ? (
        <Alert color="orange">
          {canal === 'email' ? 'No dejó correo electrónico: escríbele por WhatsApp.' : 'No dejó teléfono: escríbele por correo.'}
        </Alert>
      ) : null}
      {canal === 'email' ? (
        <TextInput label="Asunto" required value={asunto} onChange={(e) => setAsunto(e.currentTarget.value)} maxLength={200} />
      ) : null}
      <Textarea label="Texto" required autosize minRows={6} maxRows={16} value={cuerpo} onChange={(e) => setCuerpo(e.currentTarget.value)} />
      {send.isError ? <Alert color="red">{getErrorMessage(send.error)}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          No enviar
        </Button>
        <Button onClick={submit} loading={send.isPending} disabled={blocked || cuerpo.trim() === '' || (canal === 'email' && asunto.trim() === '')}>
          {canal === 'email' ? 'Enviar correo' : 'Abrir WhatsApp'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Writing to the owner about the request: the step's template (or `plantilla`) filled in by the server, shown to
 * edit, then sent by e-mail or opened in WhatsApp. `plantilla` undefined: the one of the request's state.
 */
export function OwnerMessageDialog({
  item,
  opened,
  plantilla,
  onClose,
}: {
  item: Surrender;
  opened: boolean;
  plantilla: SurrenderMessageKey | null;
  onClose: () => void;
}) {
  const draft = useSurrenderMessageDraft(item.id, plantilla, opened);
  // Closing with the text changed (Escape, the cross) asks first: nothing typed is lost by a slip.
  const dirty = useRef(false);
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const done = () => {
    dirty.current = false;
    onClose();
  };
  const close = () => {
    if (dirty.current && !window.confirm(DISCARD)) return;
    done();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Avisar a ${item.nombre}`} centered size="lg" closeOnClickOutside={false}>
      {draft.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Preparando el mensaje...</Text>
        </Group>
      ) : draft.isError ? (
        <Alert color="red">{getErrorMessage(draft.error)}</Alert>
      ) : (
        <MessageForm item={item} draft={draft.data} onDone={done} onDirty={onDirty} />
      )}
    </Modal>
  );
}

/** "Mensajes al propietario": what was written about the request, and a button to write again. */
export function OwnerMessages({ item, onWrite }: { item: Surrender; onWrite: () => void }) {
  const list = useSurrenderMessages(item.id);
  return (
    <Card withBorder component="section" aria-labelledby="mensajes-titulo">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="h4" id="mensajes-titulo">
          Mensajes al propietario
        </Title>
        <Button variant="light" onClick={onWrite} disabled={!item.email && !item.telefono}>
          Escribir a {item.nombre}
        </Button>
      </Group>
      {list.isPending ? (
        <Text size="sm">Cargando los mensajes...</Text>
      ) : list.isError ? (
        <Text c="red">{getErrorMessage(list.error)}</Text>
      ) : list.data.items.length === 0 ? (
        <Text size="sm">Todavía no se le ha escrito.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.items.map((m) => (
            <li key={m.id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {formatDay(m.creadoEn.slice(0, 10))} · {messageChannelLabels[m.canal]}
                </Text>
                <Badge variant="outline">{messageStateLabels[m.estado]}</Badge>
              </Group>
              {m.asunto ? <Text size="sm">{m.asunto}</Text> : null}
              <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                {m.cuerpo}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
