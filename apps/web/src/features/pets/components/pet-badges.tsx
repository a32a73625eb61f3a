import { Badge, Group } from '@mantine/core';
import type { PublicationState } from '@refugio/contracts';
import { adoptadoLabel, estadoColors, estadoLabels } from '../lib/pet-display';

/** Adoption (only when it applies: see `adoptadoLabel`) and, for a pet not adopted, its publication state, as badges. */
export function PetBadges({
  adoptado,
  genero,
  estado,
  size = 'sm',
}: {
  adoptado: boolean;
  genero: string;
  estado: PublicationState;
  size?: 'xs' | 'sm' | 'md';
}) {
  const adoption = adoptadoLabel({ adoptado, genero, estado });
  return (
    <Group gap={6} wrap="wrap">
      {adoption ? (
        <Badge size={size} variant="light" color={adoptado ? 'grape' : 'blue'}>
          {adoption}
        </Badge>
      ) : null}
      {/* An adopted pet is not "Publicada" for staff: its adoption is its state (its page still shows it as adopted). */}
      {adoptado ? null : (
        <Badge size={size} variant="dot" color={estadoColors[estado]}>
          {estadoLabels[estado]}
        </Badge>
      )}
    </Group>
  );
}
