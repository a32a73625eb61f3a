import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type AdoptionState, STAFF_NOTE_MAX, adoptedWord, adoptionStateLabels } from '@refugio/contracts';
import { useState } from 'react';
import type { AdoptionRequestView } from '../api/request-view';

export const moveLabels: Record<AdoptionState, string> = {
  nueva: 'Volver a nueva',
  en_revision: 'Pasar a revisión',
  aprobada: 'Aprobar',
  rechazada: 'Rechazar',
  retirada: 'Marcar como retirada',
};

export interface MoveChoice {
  nota: string;
  marcarAdoptada: boolean;
  cerrarOtras: boolean;
}

/**
 * Confirms one status move with an optional note. Approving asks, in the same confirmation, whether to mark
 * the pet adopted and to close its other open requests.
 */
export function MoveRequestModal({
  request,
  target,
  pending,
  onClose,
  onConfirm,
}: {
  request: AdoptionRequestView;
  target: AdoptionState | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (choice: MoveChoice) => void;
}) {
  const [nota, setNota] = useState('');
  const [marcarAdoptada, setMarcarAdoptada] = useState(true);
  const [cerrarOtras, setCerrarOtras] = useState(true);
  const approving = target === 'aprobada';
  const close = () => {
    setNota('');
    onClose();
  };

  return (
    <Modal opened={target !== null} onClose={close} title={target ? `${moveLabels[target]}: solicitud de ${request.nombre}` : ''} centered>
      {target ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm({
              nota: nota.trim(),
              marcarAdoptada: approving && marcarAdoptada,
              cerrarOtras: approving && cerrarOtras && request.otrasAbiertas > 0,
            });
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              El estado pasará de «{adoptionStateLabels[request.estado]}» a «{adoptionStateLabels[target]}».
            </Text>
            {approving ? (
              <Stack gap="xs">
                <Checkbox
                  label={`Marcar a ${request.mascota.nombre} como ${adoptedWord(request.mascota.genero)} (deja de verse en el catálogo público)`}
                  checked={marcarAdoptada}
                  onChange={(event) => setMarcarAdoptada(event.currentTarget.checked)}
                  disabled={request.mascota.adoptado}
                />
                {request.otrasAbiertas > 0 ? (
                  <Checkbox
                    label={
                      request.otrasAbiertas === 1
                        ? 'Cerrar la otra solicitud abierta para esta mascota (pasará a Rechazada con una nota automática)'
                        : `Cerrar las otras ${request.otrasAbiertas} solicitudes abiertas para esta mascota (pasarán a Rechazada con una nota automática)`
                    }
                    checked={cerrarOtras}
                    onChange={(event) => setCerrarOtras(event.currentTarget.checked)}
                  />
                ) : null}
              </Stack>
            ) : null}
            <Textarea
              label="Nota (opcional)"
              description="Queda en el historial junto al cambio de estado."
              autosize
              minRows={2}
              maxLength={STAFF_NOTE_MAX}
              value={nota}
              onChange={(event) => setNota(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={pending} color={target === 'rechazada' ? 'red' : target === 'aprobada' ? 'teal' : undefined}>
                {moveLabels[target]}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
