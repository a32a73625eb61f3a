import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconClipboardList, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useApplyProtocol } from '../api/apply-protocol';
import { CARE_ATTACHMENT_MAX_BYTES, careMessages, type CareAttachment, type CareRecord } from '@refugio/contracts';
import { useCreateCareRecord } from '../api/create-care-record';
import { useDeleteCareAttachment } from '../api/delete-care-attachment';
import { useDeleteCareRecord } from '../api/delete-care-record';
import { getPetCare, usePetCare } from '../api/get-pet-care';
import { usePetSummary } from '../api/get-pet-summary';
import { useUpdateCareRecord } from '../api/update-care-record';
import { useUploadCareAttachment } from '../api/upload-care-attachment';
import { ApplyProtocolDialog } from '../components/apply-protocol-dialog';
import { CareRecordDialog } from '../components/care-record-dialog';
import { CareRecordList } from '../components/care-record-list';
import { MarkDoneDialog } from '../components/mark-done-dialog';
import { WeightsChart } from '../components/weights-chart';
import { useMarkCareDone } from '../hooks/use-mark-care-done';
import { useOrganizationToday } from '../hooks/use-organization-today';
import { addDays, formatDay } from '../lib/care-labels';
import { useMarkingDoneIds } from '../lib/marking-done';

function parseId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * What the save's toast says: the record, and the next dose when saving it as done with "Repetir cada N días"
 * planned one (the server plans it as 'Hecho' does: a record that becomes done and repeats).
 */
function savedMessage(saved: CareRecord, before: CareRecord | null): string {
  const planned = saved.fechaRealizada && saved.repetirCadaDias && saved.tipo !== 'peso' && !before?.fechaRealizada;
  return planned
    ? `${saved.nombre}. La siguiente queda programada para el ${formatDay(addDays(saved.fechaRealizada!, saved.repetirCadaDias!))}.`
    : `${saved.nombre}.`;
}

/** Salud (/mascota/{id}/salud): the pet's care grouped by type, its weights, protocols and the printable history. */
function SaludScreen() {
  const id = parseId(useParams().id);
  const pet = usePetSummary(id);
  const care = usePetCare(id);
  const today = useOrganizationToday();
  const waiting = useMarkingDoneIds();
  const markDone = useMarkCareDone();
  const create = useCreateCareRecord();
  const update = useUpdateCareRecord();
  const remove = useDeleteCareRecord();
  const upload = useUploadCareAttachment();
  const removeAttachment = useDeleteCareAttachment();
  const apply = useApplyProtocol();
  const [editing, setEditing] = useState<{ record: CareRecord | null } | null>(null);
  const [doneTarget, setDoneTarget] = useState<CareRecord | null>(null);
  const [applying, setApplying] = useState(false);
  const name = pet.data?.nombre ?? 'Mascota';

  if (id === null) {
    return (
      <Alert color="red" title="Error">
        No se proporcionó un ID válido
      </Alert>
    );
  }

  const records = [...(care.data?.registros ?? []), ...(care.data?.proximos ?? [])].filter(
    (record, index, all) => all.findIndex((r) => r.id === record.id) === index,
  );
  // Planned first (soonest first), then done (newest first).
  records.sort((a, b) => {
    const aPlanned = !a.fechaRealizada;
    const bPlanned = !b.fechaRealizada;
    if (aPlanned !== bPlanned) return aPlanned ? -1 : 1;
    return aPlanned
      ? (a.fechaProgramada ?? '').localeCompare(b.fechaProgramada ?? '')
      : (b.fechaRealizada ?? '').localeCompare(a.fechaRealizada ?? '');
  });

  const confirmDelete = (record: CareRecord) =>
    modals.openConfirmModal({
      title: `¿Eliminar «${record.nombre}»?`,
      centered: true,
      children: <Text size="sm">El registro dejará de figurar en la salud de {name}. El historial de la mascota lo conserva.</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(record.id, {
          onSuccess: () => notifications.show({ color: 'teal', title: 'Registro eliminado', message: record.nombre }),
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo eliminar el registro', message: getErrorMessage(error) }),
        }),
    });

  const attach = (record: CareRecord, file: File) => {
    if (file.size > CARE_ATTACHMENT_MAX_BYTES) {
      notifications.show({ color: 'red', title: 'No se pudo adjuntar el archivo', message: careMessages.attachmentTooBig });
      return;
    }
    upload.mutate(
      { recordId: record.id, file },
      {
        onSuccess: () => notifications.show({ color: 'teal', title: 'Archivo adjuntado', message: file.name }),
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo adjuntar el archivo', message: getErrorMessage(error) }),
      },
    );
  };

  const confirmRemoveAttachment = (record: CareRecord, attachment: CareAttachment) =>
    modals.openConfirmModal({
      title: `¿Quitar «${attachment.nombre}»?`,
      centered: true,
      children: <Text size="sm">El archivo dejará de estar adjunto a «{record.nombre}».</Text>,
      labels: { confirm: 'Quitar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeAttachment.mutate(
          { recordId: record.id, attachmentId: attachment.id },
          { onError: (error) => notifications.show({ color: 'red', title: 'No se pudo quitar el adjunto', message: getErrorMessage(error) }) },
        ),
    });

  return (
    <Stack gap="lg">
      <title>{`Salud de ${name} · Refugio Admin`}</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Breadcrumbs mb="xs" separator="›" aria-label="Ruta de navegación">
            <Anchor component={Link} to="/" size="sm">
              Mascotas
            </Anchor>
            <Anchor component={Link} to={`/mascota/${id}`} size="sm">
              {name}
            </Anchor>
            <Text size="sm" c="dimmed" aria-current="page">
              Salud
            </Text>
          </Breadcrumbs>
          <Title order={1} fz="h2">
            Salud de {name}
          </Title>
        </div>
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing({ record: null })}>
            Añadir registro
          </Button>
          <Button
            variant="light"
            leftSection={<IconClipboardList size={16} aria-hidden="true" />}
            onClick={() => setApplying(true)}
            disabled={!pet.data}
          >
            Aplicar protocolo
          </Button>
          <Button
            component="a"
            href={`/api/mascotas/${id}/salud.pdf`}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden="true" />}
          >
            Imprimir historia clínica
          </Button>
          <Button component={Link} to={`/mascota/${id}`} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />}>
            Ficha
          </Button>
        </Group>
      </Group>

      {care.isPending ? (
        <ListLoading label="Cargando salud..." />
      ) : care.isError ? (
        <ListLoadError title="No se pudo cargar la salud" onRetry={() => void care.refetch()}>
          {getErrorMessage(care.error)}
        </ListLoadError>
      ) : (
        <>
          <CareRecordList
            records={records}
            today={today}
            waitingDone={waiting}
            onEdit={(record) => setEditing({ record })}
            onDone={setDoneTarget}
            onDelete={confirmDelete}
            onAttach={attach}
            onRemoveAttachment={confirmRemoveAttachment}
          />
          <WeightsChart pesos={care.data.pesos} />
        </>
      )}

      <CareRecordDialog
        opened={editing !== null}
        record={editing?.record ?? null}
        today={today}
        onClose={() => setEditing(null)}
        onSave={async (input, version) => {
          const before = editing?.record ?? null;
          const saved =
            before && version !== null ? await update.mutateAsync({ id: before.id, input, version }) : await create.mutateAsync({ petId: id, input });
          notifications.show({ color: 'teal', title: before ? 'Registro guardado' : 'Registro añadido', message: savedMessage(saved, before) });
          return saved;
        }}
        onLoadLatest={async () => {
          const latest = await getPetCare(id);
          const recordId = editing?.record?.id;
          return [...latest.registros, ...latest.proximos].find((r) => r.id === recordId);
        }}
      />
      <MarkDoneDialog
        target={doneTarget ? { nombre: doneTarget.nombre, mascota: name } : null}
        today={today}
        onClose={() => setDoneTarget(null)}
        onConfirm={(fecha) => {
          if (doneTarget) markDone({ id: doneTarget.id, version: doneTarget.version, nombre: doneTarget.nombre, mascota: name }, fecha);
          setDoneTarget(null);
        }}
      />
      <ApplyProtocolDialog
        opened={applying}
        tipoMascota={pet.data?.tipo ?? ''}
        today={today}
        applying={apply.isPending}
        onClose={() => setApplying(false)}
        onApply={(protocoloId, inicio) =>
          apply.mutate(
            { petId: id, protocoloId, inicio },
            {
              onSuccess: () => {
                setApplying(false);
                notifications.show({ color: 'teal', title: 'Protocolo aplicado', message: `Los pasos quedan programados en la salud de ${name}.` });
              },
              onError: (error) => notifications.show({ color: 'red', title: 'No se pudo aplicar el protocolo', message: getErrorMessage(error) }),
            },
          )
        }
      />
    </Stack>
  );
}

export { SaludScreen as Component };
