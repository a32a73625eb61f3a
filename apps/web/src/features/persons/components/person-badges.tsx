import { Badge, Group } from '@mantine/core';
import { personRoleLabels, personTexts, type PersonRole } from '@refugio/contracts';
import type { Person } from '@refugio/contracts';

export const roleLabel = (rol: string) => personRoleLabels[rol as PersonRole] ?? rol;

/** A person's roles, and in words (not only colour) whether the record is blocked or may be a duplicate. */
export function PersonBadges({ person, size = 'sm' }: { person: Person; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Group gap={4}>
      {person.bloqueado ? (
        <Badge size={size} color="red" variant="filled">
          Bloqueada
        </Badge>
      ) : null}
      {person.posiblesDuplicados > 0 ? (
        <Badge size={size} color="orange" variant="light">
          {personTexts.possibleDuplicate}
        </Badge>
      ) : null}
      {person.roles.map((rol) => (
        <Badge key={rol} size={size} variant="outline">
          {roleLabel(rol)}
        </Badge>
      ))}
    </Group>
  );
}

/** "Ana García López": the first name and the surnames. */
export function personFullName(person: Pick<Person, 'nombre' | 'apellidos'>): string {
  return [person.nombre, person.apellidos].filter((part) => part && part.trim() !== '').join(' ');
}
