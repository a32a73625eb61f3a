import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type MessageChannel, type Person, personTexts } from '@refugio/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { MessageList } from '../../../components/ui/message-list';
import { SendMessageDialog } from '../../../components/ui/send-message-dialog';
import { personQueryKey } from '../api/persons-query-key';
import { personFullName } from './person-badges';

/**
 * Writing to the person (the shared dialog: an e-mail sent by the server with retries, or WhatsApp click-to-chat
 * kept as `registrado`) and what was written to them (the shared list, with "Reintentar" on a failed e-mail).
 */
export function PersonMessages({ person }: { person: Person }) {
  const queryClient = useQueryClient();
  const [canal, setCanal] = useState<MessageChannel | null>(null);
  const [page, setPage] = useState(1);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="person-messages-title">
      <Title order={2} fz="h4" mb="sm" id="person-messages-title">
        Mensajes
      </Title>
      <Stack gap="xs">
        <Group gap="xs">
          <Button
            leftSection={<IconMail size={16} aria-hidden="true" />}
            onClick={() => setCanal('email')}
            disabled={!person.email || !person.consentimientos.email}
            aria-describedby={person.email && !person.consentimientos.email ? `mensajes-${person.id}-sin-correo` : undefined}
          >
            Enviar e-mail
          </Button>
          <Button
            color="teal"
            variant="light"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden="true" />}
            onClick={() => setCanal('whatsapp')}
            // Without a phone or the person's consent the server refuses it: disabled, and the line below says why.
            disabled={!person.telefono || !person.consentimientos.whatsapp}
            aria-describedby={!person.telefono || !person.consentimientos.whatsapp ? `mensajes-${person.id}-sin-whatsapp` : undefined}
          >
            WhatsApp
          </Button>
        </Group>
        {person.email && !person.consentimientos.email ? (
          <Text size="xs" c="dimmed" id={`mensajes-${person.id}-sin-correo`}>
            {personTexts.emailNoConsent}
          </Text>
        ) : null}
        {!person.telefono ? (
          <Text size="xs" c="dimmed" id={`mensajes-${person.id}-sin-whatsapp`}>
            {personTexts.whatsappNoPhone}
          </Text>
        ) : !person.consentimientos.whatsapp ? (
          <Text size="xs" c="dimmed" id={`mensajes-${person.id}-sin-whatsapp`}>
            {personTexts.whatsappNoConsent}
          </Text>
        ) : null}
        <MessageList personaId={person.id} page={page} onPage={setPage} emptyText="Todavía no se le ha escrito." />
      </Stack>
      {canal && (
        <SendMessageDialog
          opened
          // A new dialog per channel chosen, so it opens on the button's channel.
          key={canal}
          canal={canal}
          personaId={person.id}
          nombre={personFullName(person)}
          puede={{
            email: Boolean(person.email) && person.consentimientos.email,
            whatsapp: Boolean(person.telefono) && person.consentimientos.whatsapp,
          }}
          onSent={() => void queryClient.invalidateQueries({ queryKey: personQueryKey(person.id) })}
          onClose={() => setCanal(null)}
        />
      )}
    </Paper>
  );
}
