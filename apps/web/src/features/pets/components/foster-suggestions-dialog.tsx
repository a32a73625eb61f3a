import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { countLabel, type FosterSuggestion, type PersonRef } from '@refugio/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { SendMessageDialog } from '../../../components/ui/send-message-dialog';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFosterSuggestions } from '../api/foster-suggestions';

export interface FosterSuggestionsDialogProps {
  petId: number;
  petName: string;
  /** The pet's public page when it is public (the message then carries it), otherwise null. */
  publicUrl: string | null;
  onClose: () => void;
  /** "Colocar aquí": records the placement with this home (the movement dialog, with the person chosen). */
  onPlace: (person: PersonRef) => void;
}

function fosterMessage(petName: string, publicUrl: string | null): { asunto: string; cuerpo: string } {
  return {
    asunto: `¿Puedes acoger a ${petName}?`,
    cuerpo:
      `Hola, buscamos una casa de acogida para ${petName} y tu ficha encaja con lo que necesita.` +
      (publicUrl ? ` Aquí tienes su ficha: ${publicUrl}` : '') +
      ` ¿Podrías acoger a ${petName}? Cuéntanos cuándo te vendría bien. ¡Gracias!`,
  };
}

/** "Busco acogida": suggested homes, best first with the reasons; write to each one or place the pet there. */
export function FosterSuggestionsDialog({ petId, petName, publicUrl, onClose, onPlace }: FosterSuggestionsDialogProps) {
  const suggestions = useFosterSuggestions(petId, true);
  const [writingTo, setWritingTo] = useState<PersonRef | null>(null);
  const message = fosterMessage(petName, publicUrl);

  return (
    <>
      <Modal opened={writingTo === null} onClose={onClose} title={`Busco acogida para ${petName}`} centered size="lg">
        {suggestions.isError ? (
          <Alert color="red" role="alert">
            {getErrorMessage(suggestions.error)}
          </Alert>
        ) : !suggestions.data ? (
          <Loader role="status" size="sm" aria-label="Buscando casas de acogida" />
        ) : suggestions.data.length === 0 ? (
          <Text>Ninguna casa de acogida tiene plaza hoy para {petName} con sus preferencias.</Text>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Casas sugeridas, la mejor primero">
            {suggestions.data.map((home: FosterSuggestion) => (
              <Card key={home.persona.id} withBorder radius="md" padding="sm" component="li">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs">
                    <Anchor component={Link} to={`/personas/${home.persona.id}`} fw={700}>
                      {home.persona.nombre}
                    </Anchor>
                    <Badge variant="light" color="teal" tt="none">
                      {countLabel(home.libres, 'plaza libre', 'plazas libres')} de {home.capacidad}
                    </Badge>
                  </Group>
                  <Text size="sm">{home.motivos}</Text>
                  <Group justify="flex-end" gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setWritingTo(home.persona)}
                      aria-label={`Enviar mensaje a ${home.persona.nombre}`}
                    >
                      Enviar mensaje
                    </Button>
                    <Button size="xs" onClick={() => onPlace(home.persona)} aria-label={`Colocar aquí, en casa de ${home.persona.nombre}`}>
                      Colocar aquí
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Modal>
      {writingTo ? (
        <SendMessageDialog
          opened
          onClose={() => setWritingTo(null)}
          personaId={writingTo.id}
          nombre={writingTo.nombre}
          asuntoInicial={message.asunto}
          cuerpoInicial={message.cuerpo}
        />
      ) : null}
    </>
  );
}
