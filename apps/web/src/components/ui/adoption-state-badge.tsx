import { Badge, type MantineColor } from '@mantine/core';
import { type AdoptionState, adoptionStateLabels } from '@refugio/contracts';

export const adoptionStateColors: Record<AdoptionState, MantineColor> = {
  nueva: 'blue',
  en_revision: 'yellow',
  aprobada: 'teal',
  rechazada: 'red',
  retirada: 'gray',
};

/** The status of an adoption request, in words (the colour only repeats it). */
export function AdoptionStateBadge({ estado, size = 'sm' }: { estado: AdoptionState; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="light" color={adoptionStateColors[estado]}>
      {adoptionStateLabels[estado]}
    </Badge>
  );
}
