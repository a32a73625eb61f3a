import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { adoptedWord, countLabel, type PersonRef } from '@refugio/contracts';
import { useState } from 'react';
import { PersonPicker } from '../../../components/ui/person-picker';

export const adopterRequired = 'Elige la persona que adopta o marca «Sin persona».';

export interface AdopterChoice {
  personaId: number | null;
  cerrarSolicitudes: boolean;
}

export interface AdopterDialogProps {
  genero: string;
  /** Open adoption requests of the pet: when there are some, closing them is offered (checked). */
  solicitudesAbiertas: number;
  onConfirm: (choice: AdopterChoice) => void;
  onCancel: () => void;
}

/**
 * Marking a pet adopted from the list asks who adopts it (a person found or created), or "Sin persona" on purpose;
 * with open requests it offers to close them, as approving one does.
 */
export function AdopterDialog({ genero, solicitudesAbiertas, onConfirm, onCancel }: AdopterDialogProps) {
  const [persona, setPersona] = useState<PersonRef | null>(null);
  const [cerrar, setCerrar] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const cerrarSolicitudes = solicitudesAbiertas > 0 && cerrar;
  return (
    <Stack gap="sm">
      <PersonPicker
        label="Persona que adopta"
        value={persona}
        onChange={(p) => {
          setPersona(p);
          if (p) setError(null);
        }}
        error={error}
      />
      {solicitudesAbiertas > 0 ? (
        <Checkbox
          checked={cerrar}
          onChange={(e) => setCerrar(e.currentTarget.checked)}
          label={`Cerrar ${solicitudesAbiertas === 1 ? 'la solicitud de adopción abierta' : `las ${countLabel(solicitudesAbiertas, 'solicitud de adopción abierta', 'solicitudes de adopción abiertas')}`} (pasarán a rechazadas con una nota automática)`}
        />
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button variant="light" onClick={() => onConfirm({ personaId: null, cerrarSolicitudes })}>
          Sin persona
        </Button>
        <Button
          onClick={() => {
            if (!persona) {
              setError(adopterRequired);
              return;
            }
            onConfirm({ personaId: persona.id, cerrarSolicitudes });
          }}
        >
          {`Marcar como ${adoptedWord(genero)}`}
        </Button>
      </Group>
    </Stack>
  );
}
