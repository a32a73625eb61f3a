import { Box, Button, CopyButton, Group, SimpleGrid } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/** The backup codes as a text file: one a line, with what they are for. */
export function backupCodesText(codes: readonly string[]): string {
  return ['Refugio Admin: códigos de respaldo de la verificación en dos pasos.', 'Cada código sirve una sola vez.', '', ...codes, ''].join('\n');
}

function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([backupCodesText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'codigos-de-respaldo.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The ten backup codes, shown once: listed, with "Copiar" and "Descargar". */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  return (
    <>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Códigos de respaldo" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((backup) => (
          <Box component="li" key={backup} ff="monospace">
            {backup}
          </Box>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              size="xs"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
              onClick={copy}
            >
              {copied ? 'Códigos copiados' : 'Copiar los códigos'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" size="xs" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => download(codes)}>
          Descargar los códigos
        </Button>
      </Group>
    </>
  );
}
