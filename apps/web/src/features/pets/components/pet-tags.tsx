import { Badge, Group, Tooltip } from '@mantine/core';

/** The first tags as chips, and "+N" for the rest. */
export function PetTags({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  const list = tags;
  if (list.length === 0) return null;
  const shown = list.slice(0, max);
  const rest = list.slice(max);
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((tag) => (
        <Badge key={tag} size="sm" variant="light" color="gray" tt="none" fw={500}>
          {tag}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Tooltip label={rest.join(', ')}>
          <Badge size="sm" variant="outline" color="gray" tt="none" fw={500}>
            +{rest.length}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
