import { ActionIcon, Anchor, Badge, Button, Group, NumberInput, Paper, Stack, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { VOLUNTEER_LINK_DAYS, type VolunteerLink, type VolunteerProfile } from '@refugio/contracts';
import { IconDownload, IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import {
  useCreateVolunteerLink,
  useRevokeVolunteerLink,
  useSaveVolunteerProfile,
  useVolunteerHours,
  useVolunteerLinkState,
  useVolunteerProfile,
} from '../api/volunteers';
import { downloadFile } from '../lib/download-file';

function ProfileForm({ personId, profile }: { personId: number; profile: VolunteerProfile }) {
  const save = useSaveVolunteerProfile(personId);
  const [tareas, setTareas] = useState(profile.tareas);
  const [disponibilidad, setDisponibilidad] = useState(profile.disponibilidad);
  const [formacion, setFormacion] = useState(profile.formacion);
  const errors = save.error instanceof ApiError ? (save.error.fieldErrors ?? {}) : {};
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { tareas, disponibilidad, formacion: formacion.filter((f) => f.curso.trim() !== '' || f.fecha !== '') },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: 'Ficha de voluntariado guardada.' }),
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo guardar', message: getErrorMessage(error) }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Ficha de voluntariado">
      <Stack gap="xs">
        <TagsInput label="Tareas" description="Escribe una tarea y pulsa Intro" value={tareas} onChange={setTareas} error={errors.tareas} />
        <Textarea label="Disponibilidad" autosize minRows={2} value={disponibilidad} onChange={(e) => setDisponibilidad(e.currentTarget.value)} />
        <Text size="sm" fw={500}>
          Formación
        </Text>
        {formacion.map((f, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={`Curso ${i + 1}`}
              value={f.curso}
              style={{ flex: 1 }}
              onChange={(e) => {
                const curso = e.currentTarget.value;
                setFormacion((list) => list.map((x, j) => (j === i ? { ...x, curso } : x)));
              }}
            />
            <TextInput
              label="Fecha"
              type="date"
              value={f.fecha}
              onChange={(e) => {
                const fecha = e.currentTarget.value;
                setFormacion((list) => list.map((x, j) => (j === i ? { ...x, fecha } : x)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Quitar el curso ${i + 1}`}
              onClick={() => setFormacion((list) => list.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setFormacion((list) => [...list, { curso: '', fecha: '' }])}
          >
            Añadir curso
          </Button>
          <Button size="xs" type="submit" loading={save.isPending}>
            Guardar ficha
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LinkPart({ personId }: { personId: number }) {
  const state = useVolunteerLinkState(personId);
  const create = useCreateVolunteerLink(personId);
  const revoke = useRevokeVolunteerLink(personId);
  const [link, setLink] = useState<VolunteerLink | undefined>();
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: '¿Revocar el enlace de voluntariado?',
      children: <Text size="sm">La persona no podrá apuntarse con el enlace que tiene. Puedes crear uno nuevo cuando quieras.</Text>,
      labels: { confirm: 'Revocar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            setLink(undefined);
            notifications.show({ color: 'teal', message: 'Enlace de voluntariado revocado.' });
          },
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo revocar', message: getErrorMessage(error) }),
        }),
    });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Un enlace sin cuenta para apuntarse a turnos desde el móvil. Vale {VOLUNTEER_LINK_DAYS} días; uno nuevo sustituye al anterior.
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLink size={16} aria-hidden="true" />}
          loading={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: setLink,
              onError: (error) => notifications.show({ color: 'red', title: 'No se pudo crear el enlace', message: getErrorMessage(error) }),
            })
          }
        >
          Crear enlace de voluntariado
        </Button>
        {link || state.data?.activo ? (
          <Button size="xs" variant="subtle" color="red" disabled={revoke.isPending} onClick={confirmRevoke}>
            Revocar enlace
          </Button>
        ) : null}
      </Group>
      {!link && state.data?.activo && state.data.venceEn ? (
        <Text size="xs" c="dimmed">
          Tiene un enlace que funciona hasta el {formatDateTime(state.data.venceEn)}. Por seguridad no se guarda: crea uno nuevo para copiarlo.
        </Text>
      ) : null}
      {link ? (
        <>
          <TextInput label="Enlace de voluntariado" value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Text size="xs" c="dimmed">
            Vence el {formatDateTime(link.venceEn)}. Envíalo por correo o WhatsApp desde «Mensajes».
          </Text>
        </>
      ) : null}
    </Stack>
  );
}

function HoursPart({ personId }: { personId: number }) {
  const [anio, setAnio] = useState(new Date().getFullYear());
  const hours = useVolunteerHours(personId, anio);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/personas/${personId}/voluntariado/certificado?anio=${anio}`, `certificado-voluntariado-${anio}-${personId}.pdf`);
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo descargar el certificado', message: getErrorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        <NumberInput label="Año" w={110} min={1900} max={2999} value={anio} onChange={(v) => typeof v === 'number' && setAnio(v)} />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={downloading}
          onClick={() => void download()}
        >
          Certificado de horas (PDF)
        </Button>
      </Group>
      {hours.data ? (
        <Text size="sm" aria-live="polite">
          {hours.data.horas.toLocaleString('es-ES')} horas en {hours.data.turnos.length} {hours.data.turnos.length === 1 ? 'turno' : 'turnos'} en{' '}
          {anio}.
        </Text>
      ) : hours.isError ? (
        <Text size="sm" c="red.8">
          {getErrorMessage(hours.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Whether the volunteer signed their agreement: prepared (to sign, here or at a distance) or signed, with its PDF. */
function AgreementState({ acuerdo }: { acuerdo: VolunteerProfile['acuerdo'] }) {
  if (!acuerdo)
    return (
      <Text size="sm" c="dimmed">
        Acuerdo de voluntariado: sin preparar. Prepáralo en «Acuerdo de voluntariado» para que la persona lo firme.
      </Text>
    );
  if (acuerdo.estado === 'firmado')
    return (
      <Group gap="xs" wrap="wrap">
        <Text size="sm">Acuerdo de voluntariado:</Text>
        <Badge color="teal" variant="light">
          Firmado
        </Badge>
        <Text size="sm">el {formatDate(acuerdo.firmadoEn)}</Text>
        <Anchor size="sm" href={`/api/documentos/${acuerdo.id}/pdf`} target="_blank" rel="noreferrer">
          Ver el acuerdo firmado (PDF)
        </Anchor>
      </Group>
    );
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">Acuerdo de voluntariado:</Text>
      <Badge color="orange" variant="light">
        Preparado
      </Badge>
      <Text size="sm">{acuerdo.estado === 'enviado' ? 'enviado para firmar, todavía sin firma' : 'todavía sin firma'}</Text>
    </Group>
  );
}

/** "Voluntariado" on the person page: the profile, the self-service link, the year's hours and their certificate. */
export function VolunteerSection({ personId }: { personId: number }) {
  const profile = useVolunteerProfile(personId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="voluntariado-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="voluntariado-title">
          Voluntariado
        </Title>
        {profile.data ? <AgreementState acuerdo={profile.data.acuerdo} /> : null}
        {profile.data ? (
          <ProfileForm key={personId} personId={personId} profile={profile.data} />
        ) : profile.isError ? (
          <Text size="sm">{getErrorMessage(profile.error)}</Text>
        ) : null}
        <LinkPart personId={personId} />
        <HoursPart personId={personId} />
      </Stack>
    </Paper>
  );
}
