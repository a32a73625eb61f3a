import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  FOSTER_CAPACITY_MAX,
  FOSTER_NOTES_MAX,
  type FosterProfile as FosterProfileData,
  type FosterProfileInput,
  fosterProfileInputSchema,
  PET_SIZES,
  PET_TYPES,
} from '@refugio/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { FOSTER_ROLE_EXPLAINED } from '../lib/foster-role';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFosterProfile, usePutFosterProfile } from '../api/foster-profile';

const sizeLabels: Record<(typeof PET_SIZES)[number], string> = { chico: 'Chico', mediano: 'Mediano', grande: 'Grande' };

type Draft = Omit<FosterProfileInput, 'version' | 'capacidad'> & { capacidad: number | string };

const emptyDraft: Draft = {
  capacidad: 1,
  especies: [],
  tamanos: [],
  conNinos: false,
  conPerros: false,
  conGatos: false,
  noDisponible: [],
  notas: '',
};

function toDraft(profile: FosterProfileData): Draft {
  const { capacidad, especies, tamanos, conNinos, conPerros, conGatos, noDisponible, notas } = profile;
  return { capacidad, especies, tamanos, conNinos, conPerros, conGatos, noDisponible, notas };
}

function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

function Summary({ profile }: { profile: FosterProfileData }) {
  const lives = [profile.conNinos && 'niños', profile.conPerros && 'perros', profile.conGatos && 'gatos'].filter(Boolean).join(', ');
  return (
    <Stack gap={4}>
      <Text size="sm">Capacidad: {profile.capacidad}</Text>
      <Text size="sm">Especies: {profile.especies.length ? profile.especies.join(', ') : 'Cualquiera'}</Text>
      <Text size="sm">Tamaños: {profile.tamanos.length ? profile.tamanos.map((s) => sizeLabels[s]).join(', ') : 'Cualquiera'}</Text>
      <Text size="sm">Convive con: {lives || 'nadie más (ni niños, ni perros, ni gatos)'}</Text>
      {profile.noDisponible.length > 0 ? (
        <Text size="sm">No disponible: {profile.noDisponible.map((r) => `${formatDay(r.desde)} – ${formatDay(r.hasta)}`).join('; ')}</Text>
      ) : null}
      {profile.notas ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {profile.notas}
        </Text>
      ) : null}
    </Stack>
  );
}

function ProfileForm({ personId, profile, onDone }: { personId: number; profile: FosterProfileData | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(profile ? toDraft(profile) : emptyDraft);
  const [version, setVersion] = useState<number | undefined>(profile?.version);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const put = usePutFosterProfile();
  const current = useFosterProfile(personId);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = (withVersion: number | undefined) => {
    const parsed = fosterProfileInputSchema.safeParse({
      ...draft,
      capacidad: Number(draft.capacidad),
      ...(withVersion ? { version: withVersion } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    put.mutate(
      { personId, input: parsed.data },
      {
        onSuccess: onDone,
        onError: (e) => {
          // Someone else saved meanwhile: what was typed stays; the newer version is loaded to save over it.
          if (e instanceof ApiError && e.status === 409) {
            setStale(true);
            void current.refetch();
          }
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save(version);
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label="Capacidad (animales a la vez)"
          required
          min={1}
          max={FOSTER_CAPACITY_MAX}
          allowDecimal={false}
          value={draft.capacidad}
          onChange={(v) => set('capacidad', v)}
          w={{ base: '100%', xs: 240 }}
        />
        <Checkbox.Group
          label="Especies que acepta"
          description="Ninguna marcada: cualquiera"
          value={draft.especies}
          onChange={(v) => set('especies', v)}
        >
          <Group gap="md" mt={4}>
            {PET_TYPES.map((t) => (
              <Checkbox key={t} value={t} label={t} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group
          label="Tamaños que acepta"
          description="Ninguno marcado: cualquiera"
          value={draft.tamanos}
          onChange={(v) => set('tamanos', v)}
        >
          <Group gap="md" mt={4}>
            {PET_SIZES.map((s) => (
              <Checkbox key={s} value={s} label={sizeLabels[s]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap={6} role="group" aria-label="Convive con">
          <Text size="sm" fw={500}>
            Convive con
          </Text>
          <Group gap="md">
            <Checkbox label="Niños" checked={draft.conNinos} onChange={(e) => set('conNinos', e.currentTarget.checked)} />
            <Checkbox label="Perros" checked={draft.conPerros} onChange={(e) => set('conPerros', e.currentTarget.checked)} />
            <Checkbox label="Gatos" checked={draft.conGatos} onChange={(e) => set('conGatos', e.currentTarget.checked)} />
          </Group>
        </Stack>
        <Stack gap={6} role="group" aria-label="Periodos sin disponibilidad">
          <Text size="sm" fw={500}>
            Periodos sin disponibilidad
          </Text>
          {draft.noDisponible.map((range, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                type="date"
                label={`Desde (periodo ${i + 1})`}
                value={range.desde}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set(
                    'noDisponible',
                    draft.noDisponible.map((r, j) => (j === i ? { ...r, desde: value } : r)),
                  );
                }}
              />
              <TextInput
                type="date"
                label={`Hasta (periodo ${i + 1})`}
                value={range.hasta}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set(
                    'noDisponible',
                    draft.noDisponible.map((r, j) => (j === i ? { ...r, hasta: value } : r)),
                  );
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Quitar el periodo ${i + 1}`}
                onClick={() =>
                  set(
                    'noDisponible',
                    draft.noDisponible.filter((_, j) => j !== i),
                  )
                }
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => set('noDisponible', [...draft.noDisponible, { desde: '', hasta: '' }])}
            w="fit-content"
          >
            Añadir periodo
          </Button>
        </Stack>
        <Textarea
          label="Notas"
          value={draft.notas}
          onChange={(e) => set('notas', e.currentTarget.value)}
          maxLength={FOSTER_NOTES_MAX}
          autosize
          minRows={2}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {put.isError ? (
          <Alert color="red" role="alert" title="No se pudo guardar la ficha de acogida">
            {getErrorMessage(put.error)}
            {stale && current.data ? (
              <Group mt="xs">
                <Button
                  size="xs"
                  onClick={() => {
                    setVersion(current.data?.version);
                    setStale(false);
                    save(current.data?.version);
                  }}
                >
                  Guardar lo que escribí sobre la versión actual
                </Button>
              </Group>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={put.isPending}>
            Guardar ficha de acogida
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The person's foster profile (`GET|PUT /api/personas/{id}/acogida`): shown, created or edited in place.
 * `isFoster` is whether the person has the "Acogida" role: the role and the profile are one idea (saving a
 * profile gives the role), and the card says so instead of calling a person with the role "not a foster home".
 */
export function FosterProfile({ personId, readOnly = false, isFoster = false }: { personId: number; readOnly?: boolean; isFoster?: boolean }) {
  const profile = useFosterProfile(personId);
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="ficha-acogida">
      <Group justify="space-between" mb="sm">
        <Title id="ficha-acogida" order={2} fz="h4">
          Ficha de acogida
        </Title>
        {!editing && !readOnly && profile.isSuccess ? (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {profile.data ? 'Editar ficha' : 'Crear ficha de acogida'}
          </Button>
        ) : null}
      </Group>
      {profile.isError ? (
        <Alert color="red" role="alert">
          {getErrorMessage(profile.error)}
        </Alert>
      ) : profile.isPending ? (
        <Text size="sm" c="dimmed">
          Cargando…
        </Text>
      ) : editing ? (
        <ProfileForm personId={personId} profile={profile.data} onDone={() => setEditing(false)} />
      ) : profile.data ? (
        <Summary profile={profile.data} />
      ) : (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {isFoster
              ? 'Tiene el rol «Acogida» pero todavía no tiene ficha: créala para anotar qué puede acoger.'
              : 'Esta persona no es casa de acogida.'}
          </Text>
          <Text size="xs" c="dimmed">
            {FOSTER_ROLE_EXPLAINED}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
