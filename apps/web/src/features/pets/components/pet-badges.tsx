import { Badge, Group } from '@mantine/core';
import type { PublicationState } from '@refugio/contracts';
import { adoptadoLabel, estadoColors, estadoLabels } from '../lib/pet-display';

/** Adopted and publication state, as badges. */
export function PetBadges({ adoptado, estado, size = 'sm' }: { adoptado: string; estado: PublicationState; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge size={size} variant="light" color={adoptado === '1' ? 'grape' : 'blue'}>
        {adoptadoLabel(adoptado)}
      </Badge>
      <Badge size={size} variant="dot" color={estadoColors[estado]}>
        {estadoLabels[estado]}
      </Badge>
    </Group>
  );
}
