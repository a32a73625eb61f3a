import { Badge, Button, Checkbox, Chip, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type BankImport,
  type BankMovement,
  type BankMovementState,
  type PersonRef,
  bankMatchReasonLabels,
  bankMovementStateLabels,
  countLabel,
  formatEuros,
  giftConceptLabels,
  moneyMethodLabels,
  pluralWord,
} from '@refugio/contracts';
import { useMemo, useState } from 'react';
import { PersonPicker } from '../../../components/ui/person-picker';
import type { ChosenRow } from '../api/confirm-bank-import';

type Filter = 'todos' | BankMovementState;

const stateColors: Record<BankMovementState, string> = { nuevo: 'teal', duplicado: 'gray', sin_persona: 'orange', futuro: 'gray' };

/** '2026-03-02' -> '02/03/2026', without going through a Date (no time zone can move the day). */
export function spanishDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

const centsToText = (cents: number) => formatEuros(cents / 100);

export interface BankImportReviewProps {
  importacion: BankImport;
  busy: boolean;
  onConfirm: (rows: ChosenRow[]) => void;
  onCancel: () => void;
}

/**
 * The dry run of a statement: each incoming movement with who it is from and why (or why nobody), filtered by its
 * state, chosen with a checkbox (the new ones with a person come chosen; those already stored cannot be), a person
 * given by hand to one without, and a confirmation that says what will be stored before anything is.
 */
export function BankImportReview({ importacion, busy, onConfirm, onCancel }: BankImportReviewProps) {
  const rows = importacion.movimientos;
  const [filter, setFilter] = useState<Filter>('todos');
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(rows.filter((m) => m.estado === 'nuevo').map((m) => m.fila)));
  const [assigned, setAssigned] = useState<Map<number, PersonRef>>(() => new Map());
  const [picking, setPicking] = useState<number | null>(null);

  const counts = useMemo(() => {
    const c: Record<Filter, number> = { todos: rows.length, nuevo: 0, duplicado: 0, sin_persona: 0, futuro: 0 };
    for (const m of rows) c[m.estado]++;
    return c;
  }, [rows]);
  const visible = filter === 'todos' ? rows : rows.filter((m) => m.estado === filter);
  const selected = rows.filter((m) => chosen.has(m.fila));
  const total = selected.reduce((sum, m) => sum + m.importeCentimos, 0);
  const anonymous = selected.filter((m) => !m.coincidencia && !assigned.has(m.fila)).length;

  const toggle = (fila: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(fila);
      else next.delete(fila);
      return next;
    });
  const assign = (fila: number, person: PersonRef | null) => {
    setAssigned((current) => {
      const next = new Map(current);
      if (person) next.set(fila, person);
      else next.delete(fila);
      return next;
    });
    if (person) {
      toggle(fila, true);
      setPicking(null);
    }
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: `¿Registrar ${selected.length} ${selected.length === 1 ? 'donativo' : 'donativos'}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Se guardarán {selected.length} {selected.length === 1 ? 'ingreso' : 'ingresos'} del extracto «{importacion.archivo}» por un total de{' '}
            {centsToText(total)}. Un donativo no se borra: si te equivocas, tendrás que anularlo.
          </Text>
          {anonymous > 0 ? (
            <Text size="sm">
              {anonymous} {anonymous === 1 ? 'queda' : 'quedan'} sin persona y se{' '}
              {anonymous === 1 ? 'guardará como anónimo' : 'guardarán como anónimos'}.
            </Text>
          ) : null}
          <Text size="sm">Los que ya estuvieran registrados no se guardan otra vez.</Text>
        </Stack>
      ),
      labels: { confirm: 'Registrar', cancel: 'Volver' },
      onConfirm: () => onConfirm(selected.map((m) => ({ fila: m.fila, personaId: assigned.get(m.fila)?.id }))),
    });

  return (
    <Stack gap="md">
      <Text size="sm">
        {rows.length} {rows.length === 1 ? 'ingreso' : 'ingresos'} en «{importacion.archivo}» (
        {importacion.formato === 'norma43' ? 'Norma 43' : 'CSV'}).
        {importacion.ignorados > 0
          ? ` ${countLabel(importacion.ignorados, 'cargo u otro movimiento', 'cargos u otros movimientos')} no se ${pluralWord(importacion.ignorados, 'importa', 'importan')}.`
          : ''}{' '}
        Nada se ha guardado todavía.
      </Text>

      <Chip.Group value={filter} onChange={(value) => setFilter(value)}>
        <Group gap="xs" role="radiogroup" aria-label="Mostrar">
          {(['todos', 'nuevo', 'sin_persona', 'duplicado'] as const).map((f) => (
            <Chip key={f} value={f} type="radio">
              {f === 'todos' ? 'Todos' : bankMovementStateLabels[f]} ({counts[f]})
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      {visible.length === 0 ? <Text c="dimmed">No hay movimientos en este filtro.</Text> : null}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Movimientos del extracto">
        {visible.map((m) => (
          <MovementCard
            key={m.fila}
            movement={m}
            chosen={chosen.has(m.fila)}
            person={assigned.get(m.fila) ?? null}
            picking={picking === m.fila}
            onToggle={(on) => toggle(m.fila, on)}
            onPick={() => setPicking(picking === m.fila ? null : m.fila)}
            onAssign={(person) => assign(m.fila, person)}
          />
        ))}
      </Stack>

      <Paper withBorder p="sm" radius="md" style={{ position: 'sticky', bottom: 0, zIndex: 1 }}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            {selected.length} {selected.length === 1 ? 'fila elegida' : 'filas elegidas'} · {centsToText(total)}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Subir otro extracto
            </Button>
            <Button onClick={confirm} disabled={selected.length === 0} loading={busy}>
              Registrar {selected.length} {selected.length === 1 ? 'donativo' : 'donativos'}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

interface MovementCardProps {
  movement: BankMovement;
  chosen: boolean;
  person: PersonRef | null;
  picking: boolean;
  onToggle: (on: boolean) => void;
  onPick: () => void;
  onAssign: (person: PersonRef | null) => void;
}

function MovementCard({ movement: m, chosen, person, picking, onToggle, onPick, onAssign }: MovementCardProps) {
  // A movement already stored, or dated after today (not money received yet), cannot be chosen.
  const duplicate = m.estado === 'duplicado' || m.estado === 'futuro';
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`Fila ${m.fila}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox
            checked={chosen}
            disabled={duplicate}
            onChange={(event) => onToggle(event.currentTarget.checked)}
            label={
              <Text fw={600} span>
                Fila {m.fila} · {spanishDay(m.fecha)} · {centsToText(m.importeCentimos)}
              </Text>
            }
          />
          <Badge color={stateColors[m.estado]} variant="light">
            {bankMovementStateLabels[m.estado]}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {m.concepto || 'Sin concepto'}
          {m.referencia ? ` · Ref. ${m.referencia}` : ''}
        </Text>
        {m.coincidencia ? (
          <Text size="sm">
            Persona: <strong>{m.coincidencia.nombre}</strong> (coincide: {bankMatchReasonLabels[m.coincidencia.motivo]})
          </Text>
        ) : null}
        {person ? (
          <Text size="sm">
            Persona elegida: <strong>{person.nombre}</strong>
          </Text>
        ) : null}
        {m.aviso ? (
          <Text size="sm" c={duplicate ? 'dimmed' : 'orange.9'}>
            {m.aviso}
          </Text>
        ) : null}
        {!duplicate ? (
          <Text size="xs" c="dimmed">
            Se guardará como {giftConceptLabels[m.propuesta.concepto].toLowerCase()} · {moneyMethodLabels[m.propuesta.metodo].toLowerCase()}
            {m.estado === 'sin_persona' && !person ? ' · anónimo si no eliges persona' : ''}
          </Text>
        ) : null}
        {m.estado === 'sin_persona' ? (
          <Stack gap="xs">
            <Group gap="xs">
              <Button size="compact-sm" variant="subtle" onClick={onPick} aria-expanded={picking}>
                {person ? 'Cambiar persona' : 'Asignar persona'}
              </Button>
              {person ? (
                <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onAssign(null)}>
                  Quitar persona
                </Button>
              ) : null}
            </Group>
            {picking ? <PersonPicker label={`Persona de la fila ${m.fila}`} value={null} onChange={onAssign} /> : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
