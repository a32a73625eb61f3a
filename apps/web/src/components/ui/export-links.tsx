import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

export type ExportFormat = 'csv' | 'xlsx';

/** `/api/….csv?…` or `.xlsx` with the filters that are set (the list's current ones). */
export function exportUrl(path: string, format: ExportFormat, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, value);
  const search = query.toString();
  return `${path}.${format}${search ? `?${search}` : ''}`;
}

/**
 * "Exportar CSV" and "Exportar Excel": plain links the browser downloads with the session cookie, for the
 * list as filtered now.
 */
export function ExportLinks({ path, filters }: { path: string; filters: Record<string, string | undefined> }) {
  const icon = <IconDownload size={16} aria-hidden="true" />;
  return (
    <Group gap="xs">
      <Button component="a" href={exportUrl(path, 'csv', filters)} download variant="default" leftSection={icon}>
        Exportar CSV
      </Button>
      <Button component="a" href={exportUrl(path, 'xlsx', filters)} download variant="default" leftSection={icon}>
        Exportar Excel
      </Button>
    </Group>
  );
}
