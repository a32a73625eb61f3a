import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { personTexts } from '@refugio/contracts';
import { IconBrandWhatsapp, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface LinkedPersonProps {
  personaId: number;
  /** The person's name once loaded (the request's own copy until then). */
  name: string;
  /** The request says its person is blocked (`alerta: 'persona_bloqueada'`). */
  blocked: boolean;
  motivoBloqueo: string | null | undefined;
  /** Whether a WhatsApp message can be written (a phone is known). */
  canWhatsapp: boolean;
  onWhatsapp: () => void;
}

/**
 * The person an adoption request or a registration is attached to: their name as a link to their page, a
 * prominent alert when they are blocked, and "WhatsApp" (click-to-chat).
 */
export function LinkedPerson({ personaId, name, blocked, motivoBloqueo, canWhatsapp, onWhatsapp }: LinkedPersonProps) {
  return (
    <Stack gap="sm">
      {blocked ? (
        <Alert color="red" variant="filled" icon={<IconLock size={20} aria-hidden="true" />} title={personTexts.blockedTitle} role="alert">
          {personTexts.blockedAlert(motivoBloqueo)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Persona
            </Text>
            <Anchor component={Link} to={`/personas/${personaId}`} fw={700}>
              {name}
            </Anchor>
          </Stack>
          <Button
            variant="light"
            color="teal"
            leftSection={<IconBrandWhatsapp size={18} aria-hidden="true" />}
            onClick={onWhatsapp}
            disabled={!canWhatsapp}
            title={canWhatsapp ? undefined : personTexts.whatsappNoPhone}
          >
            WhatsApp
          </Button>
        </Group>
        {!canWhatsapp ? (
          <Text size="xs" c="dimmed" mt={4}>
            {personTexts.whatsappNoPhone}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
