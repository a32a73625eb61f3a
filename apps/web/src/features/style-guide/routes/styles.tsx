import { Alert, Badge, Button, ColorSwatch, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPaw } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const palette = [
  { name: 'Principal', color: 'var(--mantine-color-cyan-8)' },
  { name: 'Acento', color: 'var(--mantine-color-orange-6)' },
  { name: 'Éxito', color: 'var(--mantine-color-teal-6)' },
  { name: 'Aviso', color: 'var(--mantine-color-yellow-6)' },
  { name: 'Error', color: 'var(--mantine-color-red-6)' },
  { name: 'Neutro', color: 'var(--mantine-color-gray-6)' },
];

function Specimen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /blocks/styles: a living style guide of the pieces the screens are built from. */
function StyleGuideScreen() {
  return (
    <Stack gap="lg">
      <title>Guía de estilos · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Guía de estilos
        </Title>
        <Text c="dimmed">Los componentes y colores con los que se construyen las pantallas.</Text>
      </div>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Specimen title="Colores">
          <Group gap="lg">
            {palette.map((swatch) => (
              <Stack key={swatch.name} gap={4} align="center">
                <ColorSwatch color={swatch.color} size={40} />
                <Text size="xs">{swatch.name}</Text>
              </Stack>
            ))}
          </Group>
        </Specimen>

        <Specimen title="Tipografía">
          <Stack gap={4}>
            <Title order={3}>Título de sección</Title>
            <Text>Texto normal para descripciones y contenido.</Text>
            <Text size="sm" c="dimmed">
              Texto secundario para ayudas y detalles.
            </Text>
          </Stack>
        </Specimen>

        <Specimen title="Botones">
          <Group>
            <Button>GUARDAR MASCOTA</Button>
            <Button variant="default">REINICIAR</Button>
            <Button variant="light" leftSection={<IconPaw size={16} aria-hidden="true" />}>
              Con icono
            </Button>
            <Button color="red" variant="light">
              Eliminar
            </Button>
          </Group>
        </Specimen>

        <Specimen title="Etiquetas">
          <Group gap="xs">
            <Badge variant="light">Perro</Badge>
            <Badge variant="light" color="orange">
              Gato
            </Badge>
            <Badge variant="light" color="grape">
              Conejo
            </Badge>
            <Badge color="teal">Adoptado</Badge>
            <Badge color="gray" variant="outline">
              Borrador
            </Badge>
          </Group>
        </Specimen>

        <Specimen title="Formularios">
          <Stack>
            <TextInput label="Nombre" placeholder="Firulais" required />
            <Select label="Tipo" data={['Perro', 'Gato', 'Conejo']} placeholder="Elige un tipo" />
            <Switch label="Tiene alguna discapacidad" />
          </Stack>
        </Specimen>

        <Specimen title="Avisos">
          <Stack>
            <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />} title="Información">
              Los cambios se guardan al pulsar GUARDAR MASCOTA.
            </Alert>
            <Button variant="default" onClick={() => notifications.show({ title: '¡Listo!', message: 'Así se ve una notificación.', color: 'teal' })}>
              Mostrar notificación
            </Button>
          </Stack>
        </Specimen>
      </SimpleGrid>
    </Stack>
  );
}

export { StyleGuideScreen as Component };
