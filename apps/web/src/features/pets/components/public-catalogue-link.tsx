import { ActionIcon, Button, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconWorld } from '@tabler/icons-react';

/** The public catalogue's path (served outside the staff app, no sign-in). */
export const PUBLIC_CATALOGUE_PATH = '/adopta';

/** Opens the public catalogue of adoptable pets, and copies its address to share it. */
export function PublicCatalogueLink() {
  const url = `${window.location.origin}${PUBLIC_CATALOGUE_PATH}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        component="a"
        href={PUBLIC_CATALOGUE_PATH}
        target="_blank"
        rel="noopener"
        variant="default"
        leftSection={<IconWorld size={18} aria-hidden="true" />}
      >
        Catálogo público
      </Button>
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Dirección copiada' : 'Copiar la dirección del catálogo público'} withArrow>
            <ActionIcon
              variant="default"
              size={36}
              onClick={copy}
              aria-label={copied ? 'Dirección copiada' : 'Copiar la dirección del catálogo público'}
              color={copied ? 'teal' : undefined}
            >
              {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
