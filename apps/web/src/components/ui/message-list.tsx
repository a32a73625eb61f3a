import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Message, type MessageState, countLabel, messageChannelLabels, messageStateLabels } from '@refugio/contracts';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format-date';
import { getErrorMessage } from '../../lib/get-error-message';
import { type MessageFilters, useMessages, useRetryMessage } from '../../lib/messages-api';
import { ListPager } from './list-pager';
import { ListLoadError, ListLoading } from './list-states';

const stateColors: Record<MessageState, string> = {
  pendiente: 'blue',
  enviado: 'teal',
  fallido: 'red',
  sin_configurar: 'orange',
  registrado: 'gray',
};

function MessageItem({ message }: { message: Message }) {
  const retry = useRetryMessage();
  const Icon = message.canal === 'email' ? IconMail : IconBrandWhatsapp;
  const onRetry = () =>
    retry.mutate(message.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'El correo se volverá a enviar.' }),
      onError: (error) => notifications.show({ color: 'red', message: getErrorMessage(error) }),
    });
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Icon size={18} aria-hidden="true" />
            <Text size="sm" fw={600}>
              {message.asunto || messageChannelLabels[message.canal]}
            </Text>
          </Group>
          <Badge color={stateColors[message.estado]} variant="light">
            {messageStateLabels[message.estado]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {messageChannelLabels[message.canal]} a {message.para.nombre}
          {message.para.email && message.canal === 'email' ? ` (${message.para.email})` : ''} · {formatDateTime(message.creadoEn)}
          {message.intentos > 0 ? ` · ${countLabel(message.intentos, 'intento', 'intentos')}` : ''}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
          {message.cuerpo}
        </Text>
        {message.error && (
          <Text size="xs" c="red.8">
            Error: {message.error}
          </Text>
        )}
        {message.estado === 'fallido' && (
          <Group>
            <Button size="xs" variant="light" onClick={onRetry} loading={retry.isPending} aria-label={`Reintentar el envío: ${message.asunto}`}>
              Reintentar
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export interface MessageListProps extends Omit<MessageFilters, 'page'> {
  page?: number;
  onPage?: (page: number) => void;
  /** What the list says when there is nothing. */
  emptyText?: string;
}

/**
 * Messages written to people, newest first (a person's, or all of one state): channel, state, text, error, and
 * "Reintentar" on a failed e-mail. Used by "Mensajes" and by the person page.
 */
export function MessageList({ personaId, estado, page = 1, onPage, emptyText = 'Todavía no hay mensajes.' }: MessageListProps) {
  const messages = useMessages({ personaId, estado, page });
  if (messages.isPending) return <ListLoading label="Cargando mensajes..." py={16} />;
  if (messages.isError) {
    return (
      <ListLoadError title="No se pudieron cargar los mensajes" onRetry={() => void messages.refetch()}>
        {getErrorMessage(messages.error)}
      </ListLoadError>
    );
  }
  const { items, total, pageSize } = messages.data;
  if (items.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {countLabel(total, 'mensaje', 'mensajes')}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </Stack>
      {pageCount > 1 && onPage && <ListPager page={page} pageCount={pageCount} onPage={onPage} />}
    </Stack>
  );
}
