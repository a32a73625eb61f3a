import { Avatar } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';

export function PublicationThumb({ url, size = 48 }: { url: string | null; size?: number }) {
  return (
    <Avatar src={url} size={size} radius="md" alt="" color="cyan" variant="light">
      <IconPaw size={size / 2} aria-hidden="true" />
    </Avatar>
  );
}
