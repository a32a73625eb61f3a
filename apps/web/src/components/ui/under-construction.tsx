import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@refugio/contracts';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface UnderConstructionProps {
  /** The screen's heading, also used for the browser tab title. */
  title: string;
  /** One line on what the screen will do. */
  description?: string;
  children?: ReactNode;
}

/** Placeholder of a screen that a later issue builds: the right heading, and an honest "En construcción". */
export function UnderConstruction({ title, description, children }: UnderConstructionProps) {
  return (
    <Stack gap="lg">
      <title>{`${title} · Refugio Admin`}</title>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconTools size={28} />
          </ThemeIcon>
          <Text fw={600} fz="lg">
            {messages.app.underConstruction}
          </Text>
          <Text c="dimmed" maw={460}>
            {description ?? 'Esta sección estará disponible próximamente.'}
          </Text>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
