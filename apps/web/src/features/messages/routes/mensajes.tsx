import { Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGE_STATES, type MessageState, messageStateLabels } from '@refugio/contracts';
import { useSearchParams } from 'react-router';
import { MessageList } from '../../../components/ui/message-list';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSaveStaffNotices, useStaffNotices } from '../api/staff-notices';

/** The signed-in member of staff chooses whether they are told by e-mail of new applications and registrations, of adopters asking for help and of late shift cancellations. */
function MyNotices() {
  const notices = useStaffNotices();
  const save = useSaveStaffNotices();
  const onError = (error: unknown) => notifications.show({ color: 'red', message: getErrorMessage(error) });
  const value = notices.data ?? { solicitudes: false, registros: false, seguimientos: false, turnos: false };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notices-title">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="notices-title">
          Mis avisos por correo
        </Title>
        <Switch
          label="Avisarme de cada solicitud de adopción nueva"
          checked={value.solicitudes}
          disabled={!notices.data || save.isPending}
          onChange={(e) => save.mutate({ ...value, solicitudes: e.currentTarget.checked }, { onError })}
        />
        <Switch
          label="Avisarme de cada registro de mascota nuevo"
          checked={value.registros}
          disabled={!notices.data || save.isPending}
          onChange={(e) => save.mutate({ ...value, registros: e.currentTarget.checked }, { onError })}
        />
        <Switch
          label="Avisarme cuando una familia adoptante pida ayuda en un seguimiento"
          checked={value.seguimientos}
          disabled={!notices.data || save.isPending}
          onChange={(e) => save.mutate({ ...value, seguimientos: e.currentTarget.checked }, { onError })}
        />
        <Switch
          label="Avisarme cuando alguien cancele un turno de voluntariado a menos de 24 horas"
          checked={value.turnos}
          disabled={!notices.data || save.isPending}
          onChange={(e) => save.mutate({ ...value, turnos: e.currentTarget.checked }, { onError })}
        />
      </Stack>
    </Paper>
  );
}

/** Mensajes (/mensajes): every message written to people, by state; a failed e-mail can be sent again. */
function MensajesScreen() {
  const [params, setParams] = useSearchParams();
  const estadoParam = params.get('estado');
  const estado = (MESSAGE_STATES as readonly string[]).includes(estadoParam ?? '') ? (estadoParam as MessageState) : undefined;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const set = (next: Record<string, string | undefined>) => {
    const out = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) out.set(k, v);
      else out.delete(k);
    }
    setParams(out);
  };
  return (
    <Stack gap="lg">
      <title>Mensajes · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Mensajes
        </Title>
        <Text c="dimmed">Los correos y mensajes de WhatsApp escritos a las personas, los más recientes primero.</Text>
      </div>
      <MyNotices />
      <Select
        label="Estado"
        placeholder="Todos"
        data={MESSAGE_STATES.map((value) => ({ value, label: messageStateLabels[value] }))}
        value={estado ?? null}
        onChange={(value) => set({ estado: value ?? undefined, page: undefined })}
        clearable
        maw={320}
      />
      <MessageList estado={estado} page={page} onPage={(p) => set({ page: String(p) })} emptyText="No hay mensajes con este estado." />
    </Stack>
  );
}

export { MensajesScreen as Component };
