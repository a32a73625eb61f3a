import { Alert, Anchor, Button, Group, Loader, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createPersonSchema, listPersonsResponseSchema, type PersonRef, personSchema } from '@refugio/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, NetworkError, requestJson } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/get-error-message';

const RESULTS = 8;

async function searchPersons(q: string, signal?: AbortSignal): Promise<PersonRef[]> {
  const list = listPersonsResponseSchema.parse(await requestJson('/api/personas', { query: { q, pageSize: String(RESULTS) }, signal }));
  return list.items.filter((p) => !p.anonimizada).map((p) => ({ id: p.id, nombre: [p.nombre, p.apellidos].filter(Boolean).join(' ') }));
}

async function createPerson(input: { nombre: string; apellidos: string; email: string; telefono: string }): Promise<PersonRef> {
  const parsed = createPersonSchema.safeParse({
    nombre: input.nombre,
    apellidos: input.apellidos,
    ...(input.email.trim() ? { email: input.email } : {}),
    ...(input.telefono.trim() ? { telefono: input.telefono } : {}),
  });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Revisa los datos de la persona.');
  const person = personSchema.parse(await requestJson('/api/personas', { method: 'POST', json: { ...parsed.data } }));
  return { id: person.id, nombre: [person.nombre, person.apellidos].filter(Boolean).join(' ') };
}

export interface PersonPickerProps {
  /** What the person is for, e.g. "Persona que adopta". */
  label: string;
  value: PersonRef | null;
  onChange: (person: PersonRef | null) => void;
  error?: string | null;
}

/**
 * Chooses a person: searches existing ones (`GET /api/personas?q=`, accents ignored by the server) or creates one
 * inline (`POST /api/personas`, with an e-mail or a phone). The chosen person shows with "Cambiar".
 */
export function PersonPicker({ label, value, onChange, error }: PersonPickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState({ nombre: '', apellidos: '', email: '', telefono: '' });
  const results = useQuery({
    queryKey: ['persons', 'picker', debounced],
    queryFn: ({ signal }) => searchPersons(debounced, signal),
    enabled: debounced.length >= 2 && value === null && !creating,
  });
  const create = useMutation({ mutationFn: createPerson, onSuccess: (person) => (setCreating(false), onChange(person)) });

  if (value) {
    return (
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700}>{value.nombre}</Text>
          </Stack>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)} aria-label={`Cambiar ${label.toLowerCase()}`}>
            Cambiar
          </Button>
        </Group>
      </Paper>
    );
  }

  if (creating) {
    const set = (key: keyof typeof draft) => (e: React.ChangeEvent<HTMLInputElement>) => {
      const text = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: text }));
    };
    return (
      <Paper withBorder radius="md" p="sm" component="fieldset" aria-labelledby={`${id}-new`}>
        <Stack gap="xs">
          <Text id={`${id}-new`} fw={600} size="sm">
            Nueva persona ({label.toLowerCase()})
          </Text>
          <TextInput label="Nombre" required value={draft.nombre} onChange={set('nombre')} autoComplete="off" />
          <TextInput label="Apellidos" value={draft.apellidos} onChange={set('apellidos')} autoComplete="off" />
          <TextInput label="Correo electrónico" type="email" value={draft.email} onChange={set('email')} autoComplete="off" />
          <TextInput label="Teléfono" type="tel" value={draft.telefono} onChange={set('telefono')} autoComplete="off" />
          <Text size="xs" c="dimmed">
            Hace falta un correo electrónico o un teléfono.
          </Text>
          {create.isError ? (
            <Alert color="red" role="alert">
              {create.error instanceof ApiError || create.error instanceof NetworkError ? getErrorMessage(create.error) : create.error.message}
            </Alert>
          ) : null}
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={() => setCreating(false)}>
              Volver a buscar
            </Button>
            <Button loading={create.isPending} onClick={() => create.mutate(draft)}>
              Crear persona
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const items = results.data ?? [];
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description="Busca por nombre, correo o teléfono"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        error={error}
        rightSection={results.isFetching ? <Loader role="status" size="xs" aria-label="Buscando personas" /> : null}
        autoComplete="off"
      />
      {debounced.length >= 2 && results.isSuccess ? (
        items.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            Ninguna persona coincide con «{debounced}».
          </Text>
        ) : (
          <Radio.Group label="Resultados" value="" onChange={(v) => onChange(items.find((p) => String(p.id) === v) ?? null)}>
            <Stack gap={6} mt={4}>
              {items.map((p) => (
                <Radio key={p.id} value={String(p.id)} label={p.nombre} />
              ))}
            </Stack>
          </Radio.Group>
        )
      ) : null}
      {results.isError ? (
        <Text size="sm" c="red" role="alert">
          {getErrorMessage(results.error)}
        </Text>
      ) : null}
      <Anchor component="button" type="button" size="sm" onClick={() => (setCreating(true), setDraft((d) => ({ ...d, nombre: q.trim() })))}>
        Crear una persona nueva
      </Anchor>
    </Stack>
  );
}
