import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SimplePage } from '../../../components/ui/simple-page';

/** The frame of the public registration screens. */
export function RegistrationPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SimplePage>
      <title>{`${title} · Refugio Admin`}</title>
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Registro de Mascota
          </Title>
          <Text c="dimmed">Cuéntanos sobre la mascota que rescataste. El equipo del refugio revisará los datos antes de publicarla.</Text>
        </div>
        {children}
      </Stack>
    </SimplePage>
  );
}
