import { Anchor, Breadcrumbs, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PetPageHeaderProps {
  /** The last breadcrumb and the heading, e.g. 'Editar Mascota'. */
  title: string;
  subtitle?: ReactNode;
  /** Extra buttons beside REGRESAR. */
  actions?: ReactNode;
}

/** Breadcrumb Inicio > Mascotas > {title}, the heading, and a REGRESAR button back to the pet list. */
export function PetPageHeader({ title, subtitle, actions }: PetPageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <div>
        <Breadcrumbs mb="xs" separator="›" aria-label="Ruta de navegación">
          <Anchor component={Link} to="/" size="sm">
            Inicio
          </Anchor>
          <Anchor component={Link} to="/" size="sm">
            Mascotas
          </Anchor>
          <Text size="sm" c="dimmed" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </div>
      <Group gap="sm">
        {actions}
        <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />}>
          REGRESAR
        </Button>
      </Group>
    </Group>
  );
}
