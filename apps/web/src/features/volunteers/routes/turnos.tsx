import { ActionIcon, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Shift, countLabel } from '@refugio/contracts';
import { IconBrandWhatsapp, IconChevronLeft, IconChevronRight, IconPlus, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteShift, useMarkAttendance, useShifts, useTemplates, useWhatsappReminder } from '../api/volunteers';
import { ShiftForm, TemplateForm } from '../components/shift-forms';
import { addDays, dayLabel, isGap, mondayOf, shiftsByDay, timeLabel, todayDay, weekDays } from '../lib/week';

/** "lunes, 23 de noviembre" as a heading: "Lunes, 23 de noviembre" (CSS `capitalize` would give "23 De Noviembre"). */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

const stateLabels: Record<string, string> = { apuntado: 'Apuntado', asistio: 'Vino', no_asistio: 'No vino', cancelado: 'Canceló' };

function ShiftCard({ shift, onEditTemplate }: { shift: Shift; onEditTemplate: (plantillaId: number) => void }) {
  const mark = useMarkAttendance();
  const remove = useDeleteShift();
  const remind = useWhatsappReminder();
  const gap = isGap(shift);
  const now = new Date();
  const startsAt = new Date(shift.inicio).getTime();
  const started = startsAt <= now.getTime();
  // The day-before reminder by WhatsApp (the job e-mails those who have an address): shifts of the next two days.
  const remindable = !started && startsAt - now.getTime() < 48 * 3_600_000;
  const sendReminder = (personaId: number, nombre: string) =>
    remind.mutate(
      { turnoId: shift.id, personaId },
      {
        onSuccess: ({ url }) => {
          window.open(url, '_blank', 'noopener,noreferrer');
          notifications.show({ color: 'teal', message: `Recordatorio para ${nombre} abierto en WhatsApp.` });
        },
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo preparar el recordatorio', message: getErrorMessage(error) }),
      },
    );
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `¿Borrar el turno «${shift.tarea}»?`,
      children: (
        <Text size="sm">
          {shift.apuntados.length === 0
            ? 'Nadie está apuntado.'
            : `Hay ${countLabel(shift.apuntados.length, 'persona apuntada', 'personas apuntadas')}: avísales de que se anula.`}
        </Text>
      ),
      labels: { confirm: 'Borrar turno', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(shift.id, {
          onSuccess: ({ avisar }) =>
            notifications.show({
              color: 'teal',
              message: avisar.length === 0 ? 'Turno borrado.' : `Turno borrado. Avisa a: ${avisar.map((a) => a.persona.nombre).join(', ')}.`,
            }),
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo borrar el turno', message: getErrorMessage(error) }),
        }),
    });
  const attend = (personaId: number, asistio: boolean) =>
    mark.mutate(
      { turnoId: shift.id, personaId, asistio },
      { onError: (error) => notifications.show({ color: 'red', title: 'No se pudo guardar la asistencia', message: getErrorMessage(error) }) },
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`${shift.tarea}, ${timeLabel(shift.inicio)}`}
      style={gap ? { borderColor: 'var(--mantine-color-orange-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap={4}>
        <Text fw={700}>{shift.tarea}</Text>
        <Text size="sm">
          {timeLabel(shift.inicio)} a {timeLabel(shift.fin)}
          {shift.lugar ? ` · ${shift.lugar}` : ''}
        </Text>
        {gap ? (
          <Badge color="orange.9" variant="filled" tt="none">
            {shift.libres === 1 ? 'Falta 1 persona' : `Faltan ${shift.libres} personas`}
          </Badge>
        ) : (
          <Badge color="teal.9" variant="light" tt="none">
            Completo
          </Badge>
        )}
        {shift.apuntados.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nadie apuntado.
          </Text>
        ) : (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {shift.apuntados.map((a) => (
              <li key={a.persona.id}>
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={`/personas/${a.persona.id}`} size="sm">
                    {a.persona.nombre}
                  </Anchor>
                  <Text span size="xs" c="dimmed">
                    {stateLabels[a.estado] ?? a.estado}
                    {a.horas !== null && a.estado === 'asistio' ? ` · ${a.horas} h` : ''}
                  </Text>
                  {remindable && a.estado === 'apuntado' ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      c="teal.9"
                      leftSection={<IconBrandWhatsapp size={14} aria-hidden="true" />}
                      disabled={remind.isPending}
                      onClick={() => sendReminder(a.persona.id, a.persona.nombre)}
                      aria-label={`Recordar por WhatsApp a ${a.persona.nombre}`}
                    >
                      Recordar
                    </Button>
                  ) : null}
                  {started ? (
                    <Group gap={4}>
                      <Button
                        size="compact-xs"
                        variant="light"
                        disabled={mark.isPending}
                        onClick={() => attend(a.persona.id, true)}
                        aria-label={`${a.persona.nombre} vino`}
                      >
                        Vino
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="gray"
                        disabled={mark.isPending}
                        onClick={() => attend(a.persona.id, false)}
                        aria-label={`${a.persona.nombre} no vino`}
                      >
                        No vino
                      </Button>
                    </Group>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {!started ? (
          <Group gap={4}>
            {shift.plantillaId !== null ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => onEditTemplate(shift.plantillaId!)}
                aria-label={`Cambiar los que se repiten: ${shift.tarea}`}
              >
                Cambiar los que se repiten
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                c="red.9"
                disabled={remove.isPending}
                onClick={confirmDelete}
                aria-label={`Borrar turno: ${shift.tarea}, ${timeLabel(shift.inicio)}`}
              >
                Borrar turno
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Voluntariado (/turnos): the week's shifts day by day (a calendar on a wide screen), who is coming and the gaps. */
function TurnosScreen() {
  const today = todayDay();
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [form, setForm] = useState<'turno' | 'plantilla' | undefined>();
  const [editing, setEditing] = useState<number | undefined>();
  const templates = useTemplates(editing !== undefined);
  const editedTemplate = editing === undefined ? undefined : templates.data?.find((x) => x.id === editing);
  const days = weekDays(monday);
  const shifts = useShifts(days[0]!, days[6]!);
  const byDay = shifts.data ? shiftsByDay(days, shifts.data) : undefined;
  const gaps = shifts.data?.filter((s) => isGap(s)).length ?? 0;

  return (
    <Stack gap="md">
      <title>Voluntariado · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Voluntariado
          </Title>
          <Text c="dimmed">Turnos de la semana, quién viene y dónde faltan personas.</Text>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setForm('turno')}>
            Nuevo turno
          </Button>
          <Button variant="light" leftSection={<IconRepeat size={16} aria-hidden="true" />} onClick={() => setForm('plantilla')}>
            Turnos que se repiten
          </Button>
        </Group>
      </Group>
      <Group gap="xs" align="center">
        <ActionIcon variant="default" size="lg" aria-label="Semana anterior" onClick={() => setMonday(addDays(monday, -7))}>
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <Text fw={600} aria-live="polite">
          Semana del {dayLabel(days[0]!)} al {dayLabel(days[6]!)}
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="Semana siguiente" onClick={() => setMonday(addDays(monday, 7))}>
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
        {monday !== mondayOf(today) ? (
          <Button variant="subtle" size="xs" onClick={() => setMonday(mondayOf(today))}>
            Esta semana
          </Button>
        ) : null}
        {shifts.data ? (
          <Badge color={gaps > 0 ? 'orange.9' : 'teal.9'} variant="light" tt="none">
            {gaps === 0 ? 'Todos los turnos cubiertos' : countLabel(gaps, 'turno sin cubrir', 'turnos sin cubrir')}
          </Badge>
        ) : null}
      </Group>
      {shifts.isError ? (
        <ListLoadError title="No se pudieron cargar los turnos" onRetry={() => void shifts.refetch()}>
          {getErrorMessage(shifts.error)}
        </ListLoadError>
      ) : !byDay ? (
        <ListLoading label="Cargando turnos" />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 7 }} spacing="sm">
          {days.map((day) => (
            <Stack key={day} gap="xs" component="section" aria-labelledby={`dia-${day}`}>
              <Title order={2} fz="h5" id={`dia-${day}`} c={day === today ? 'teal.9' : undefined}>
                {capitalised(dayLabel(day))}
              </Title>
              {byDay.get(day)!.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Sin turnos.
                </Text>
              ) : (
                byDay.get(day)!.map((s) => <ShiftCard key={s.id} shift={s} onEditTemplate={setEditing} />)
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {form === 'turno' ? <ShiftForm opened onClose={() => setForm(undefined)} day={today < days[0]! ? days[0]! : today} /> : null}
      {form === 'plantilla' ? <TemplateForm opened onClose={() => setForm(undefined)} day={today} /> : null}
      {editedTemplate ? (
        <TemplateForm key={editedTemplate.id} opened onClose={() => setEditing(undefined)} day={today} template={editedTemplate} />
      ) : null}
    </Stack>
  );
}

export { TurnosScreen as Component };
