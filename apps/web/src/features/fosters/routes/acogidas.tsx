import { Anchor, Badge, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PET_SIZES, PET_TYPES, type FosterHome, type PetType } from '@refugio/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFosterHomes } from '../api/list-foster-homes';
import { isNewsStale, NEWS_STALE_DAYS } from '../lib/news-age';

type PetSize = (typeof PET_SIZES)[number];

const sizeLabels: Record<PetSize, string> = { chico: 'Chico', mediano: 'Mediano', grande: 'Grande' };

function formatDay(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function HomeCard({ home, today }: { home: FosterHome; today: string }) {
  const stale = isNewsStale(home.ultimaNovedad, home.mascotas.length, today);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={home.persona.nombre}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`/personas/${home.persona.id}`} fw={700} size="lg">
            {home.persona.nombre}
          </Anchor>
          <Badge variant="light" color={home.disponibleHoy ? 'teal' : 'gray'} tt="none">
            {home.disponibleHoy ? 'Con plaza hoy' : 'Sin plaza hoy'}
          </Badge>
        </Group>
        <Text size="sm">
          Plazas ocupadas: <strong>{home.ocupadas}</strong> de {home.capacidad}
        </Text>
        {home.mascotas.length > 0 ? (
          <Stack gap={2} component="ul" m={0} pl="md">
            {home.mascotas.map((pet) => (
              <li key={pet.id}>
                <Anchor component={Link} to={`/mascota/${pet.id}`} size="sm">
                  {pet.nombre}
                </Anchor>
                <Text span size="sm" c="dimmed">
                  {' '}
                  · {pet.tipo} · desde el {formatDay(pet.desde)}
                </Text>
              </li>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Sin animales ahora.
          </Text>
        )}
        {stale ? (
          <Group gap={6} c="orange.9">
            <IconAlertTriangle size={16} aria-hidden="true" />
            <Text size="sm" fw={700}>
              {home.ultimaNovedad ? `Última novedad el ${formatDay(home.ultimaNovedad)}` : 'Sin novedades'} · más de {NEWS_STALE_DAYS} días sin
              noticias
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {home.ultimaNovedad ? `Última novedad el ${formatDay(home.ultimaNovedad)}` : 'Sin novedades'}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Acogidas (/acogidas): foster homes with places used, their animals and their last news; quiet homes stand out. */
function AcogidasScreen() {
  const [disponibles, setDisponibles] = useState(false);
  const [tipo, setTipo] = useState<PetType | ''>('');
  const [tamano, setTamano] = useState<PetSize | ''>('');
  const homes = useFosterHomes({ ...(disponibles ? { disponibles: '1' } : {}), ...(tipo ? { tipo } : {}), ...(tamano ? { tamano } : {}) });
  const today = localToday();

  return (
    <Stack gap="md">
      <title>Acogidas · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Acogidas
        </Title>
        <Text c="dimmed">Casas de acogida, sus plazas, sus animales y su última novedad.</Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Especie"
          placeholder="Todas"
          data={[...PET_TYPES]}
          value={tipo || null}
          onChange={(value) => setTipo(PET_TYPES.find((t) => t === value) ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el filtro Especie' }}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label="Tamaño"
          placeholder="Todos"
          data={PET_SIZES.map((value) => ({ value, label: sizeLabels[value] }))}
          value={tamano || null}
          onChange={(value) => setTamano(PET_SIZES.find((t) => t === value) ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el filtro Tamaño' }}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 200 }}
        />
        <Checkbox label="Solo con plaza hoy" checked={disponibles} onChange={(e) => setDisponibles(e.currentTarget.checked)} mb={8} />
      </Group>
      {homes.isError ? (
        <ListLoadError title="No se pudieron cargar las acogidas" onRetry={() => void homes.refetch()}>
          {getErrorMessage(homes.error)}
        </ListLoadError>
      ) : !homes.data ? (
        <ListLoading label="Cargando acogidas" />
      ) : homes.data.length === 0 ? (
        <Text>Ninguna casa de acogida coincide. Las fichas de acogida se crean en la página de cada persona.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {homes.data.map((home) => (
            <HomeCard key={home.persona.id} home={home} today={today} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export { AcogidasScreen as Component };
