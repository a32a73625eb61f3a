import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { userMessages } from '@refugio/contracts';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Shown inside the layout when a signed-in person opens a screen their role does not allow. */
export function ForbiddenPage() {
  return (
    <Paper withBorder radius="md" p="xl">
      <title>{`Sin permiso · Refugio Admin`}</title>
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden="true">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {userMessages.forbiddenPage}
        </Title>
        <Text c="dimmed" maw={460}>
          Tu rol no permite abrir esta sección. Si necesitas acceder, pídeselo a un administrador del refugio.
        </Text>
        <Button component={Link} to="/" variant="light" mt="xs">
          Volver al inicio
        </Button>
      </Stack>
    </Paper>
  );
}
