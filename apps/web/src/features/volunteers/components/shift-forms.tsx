import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import type { ShiftTemplate } from '@refugio/contracts';
import { useCreateShift, useCreateTemplate, useUpdateTemplate } from '../api/volunteers';

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const fieldErrorsOf = (error: unknown) => (error instanceof ApiError ? (error.fieldErrors ?? {}) : {});

/** "Nuevo turno": one shift on a day, from one time to another, with its places. */
export function ShiftForm({ opened, onClose, day }: { opened: boolean; onClose: () => void; day: string }) {
  const create = useCreateShift();
  const [values, setValues] = useState({ tarea: '', fecha: day, desde: '10:00', hasta: '12:00', plazas: 2 as number | string, lugar: '' });
  const errors = fieldErrorsOf(create.error);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        tarea: values.tarea,
        inicio: `${values.fecha}T${values.desde}:00`,
        fin: `${values.fecha}T${values.hasta}:00`,
        plazas: Number(values.plazas),
        ...(values.lugar.trim() ? { lugar: values.lugar } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Turno creado.' });
          set({ tarea: '', lugar: '' });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Nuevo turno">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Tarea" required value={values.tarea} onChange={(e) => set({ tarea: e.currentTarget.value })} error={errors.tarea} />
          <TextInput
            label="Día"
            type="date"
            required
            value={values.fecha}
            onChange={(e) => set({ fecha: e.currentTarget.value })}
            error={errors.inicio}
          />
          <Group grow>
            <TextInput label="Desde" type="time" required value={values.desde} onChange={(e) => set({ desde: e.currentTarget.value })} />
            <TextInput
              label="Hasta"
              type="time"
              required
              value={values.hasta}
              onChange={(e) => set({ hasta: e.currentTarget.value })}
              error={errors.fin}
            />
          </Group>
          <NumberInput label="Plazas" required min={1} max={500} value={values.plazas} onChange={(v) => set({ plazas: v })} error={errors.plazas} />
          <TextInput label="Lugar (opcional)" value={values.lugar} onChange={(e) => set({ lugar: e.currentTarget.value })} error={errors.lugar} />
          {create.isError && Object.keys(errors).length === 0 ? (
            <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
              {getErrorMessage(create.error)}
            </div>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Crear turno
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Turnos que se repiten": the weekdays, times and places; the shifts of the next eight weeks are created. With a
 * `template`, it is changed instead: only its shifts not yet started follow.
 */
export function TemplateForm({ opened, onClose, day, template }: { opened: boolean; onClose: () => void; day: string; template?: ShiftTemplate }) {
  const createTemplate = useCreateTemplate();
  const updateTemplate = useUpdateTemplate();
  const create = template ? updateTemplate : createTemplate;
  const [values, setValues] = useState({
    tarea: template?.tarea ?? '',
    dias: template ? template.diasSemana.map(String) : ([] as string[]),
    desde: template?.horaInicio ?? '10:00',
    hasta: template?.horaFin ?? '12:00',
    plazas: (template?.plazas ?? 2) as number | string,
    inicio: template?.desde ?? day,
    fin: template?.hasta ?? '',
  });
  const errors = fieldErrorsOf(create.error);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      tarea: values.tarea,
      diasSemana: values.dias.map(Number),
      horaInicio: values.desde,
      horaFin: values.hasta,
      plazas: Number(values.plazas),
      desde: values.inicio,
      ...(values.fin ? { hasta: values.fin } : {}),
      ...(template?.lugar ? { lugar: template.lugar } : {}),
    };
    const onSuccess = (made: { turnos: number }) => {
      notifications.show({ color: 'teal', message: template ? `Turnos cambiados: ${made.turnos}.` : `Turnos creados: ${made.turnos}.` });
      set({ tarea: '', dias: [] });
      onClose();
    };
    if (template) updateTemplate.mutate({ id: template.id, input }, { onSuccess });
    else createTemplate.mutate(input, { onSuccess });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={template ? 'Cambiar turnos que se repiten' : 'Turnos que se repiten'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Tarea" required value={values.tarea} onChange={(e) => set({ tarea: e.currentTarget.value })} error={errors.tarea} />
          <Checkbox.Group label="Días de la semana" required value={values.dias} onChange={(dias) => set({ dias })} error={errors.diasSemana}>
            <Group gap="xs" mt={4}>
              {WEEKDAYS.map((label, i) => (
                <Checkbox key={label} value={String(i + 1)} label={label} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow>
            <TextInput
              label="Desde"
              type="time"
              required
              value={values.desde}
              onChange={(e) => set({ desde: e.currentTarget.value })}
              error={errors.horaInicio}
            />
            <TextInput
              label="Hasta"
              type="time"
              required
              value={values.hasta}
              onChange={(e) => set({ hasta: e.currentTarget.value })}
              error={errors.horaFin}
            />
          </Group>
          <NumberInput label="Plazas" required min={1} max={500} value={values.plazas} onChange={(v) => set({ plazas: v })} error={errors.plazas} />
          <Group grow>
            <TextInput
              label="Primer día"
              type="date"
              required
              value={values.inicio}
              onChange={(e) => set({ inicio: e.currentTarget.value })}
              error={errors.desde}
            />
            <TextInput
              label="Último día (opcional)"
              type="date"
              value={values.fin}
              onChange={(e) => set({ fin: e.currentTarget.value })}
              error={errors.hasta}
            />
          </Group>
          {create.isError && Object.keys(errors).length === 0 ? (
            <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
              {getErrorMessage(create.error)}
            </div>
          ) : null}
          {template ? (
            <Text size="sm" c="dimmed">
              Cambian solo los turnos que aún no han empezado; los pasados se quedan como están.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              {template ? 'Guardar cambios' : 'Crear turnos'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
