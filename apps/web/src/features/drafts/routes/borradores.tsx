import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type PublicationItem, countLabel } from '@refugio/contracts';
import { IconCalendarClock, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPager } from '../../../components/ui/list-pager';
import { UNDO_WINDOW_MS, UndoMessage } from '../../../components/ui/undo-message';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useOrganizationTimeZone } from '../../../lib/organization-settings';
import { useApplyPublicationBatch } from '../api/apply-publication-batch';
import { usePublications } from '../api/list-publications';
import { useSetPublication } from '../api/set-publication';
import { PublicationsList } from '../components/publications-list';
import { PublicationsTimeline } from '../components/publications-timeline';
import { ScheduleModal } from '../components/schedule-modal';
import { summarizeBatch } from '../lib/format-publication';

const PAGE_SIZE = 50;

type ScheduleTarget = { kind: 'one'; item: PublicationItem } | { kind: 'bulk'; items: PublicationItem[] };

function dateError(error: unknown): string | undefined {
  return error instanceof ApiError ? error.fieldErrors?.publicarEn : undefined;
}

/** Publicaciones Programadas (/borradores): the pets not yet public, and when each goes public. */
function DraftsScreen() {
  const timeZone = useOrganizationTimeZone();
  const [view, setView] = useState<'lista' | 'calendario'>('lista');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [target, setTarget] = useState<ScheduleTarget | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = usePublications({ page, pageSize: PAGE_SIZE });
  const timeline = usePublications({ estado: 'programada', pageSize: 100 });
  const setPublication = useSetPublication();
  const undoPublication = useSetPublication();
  const batch = useApplyPublicationBatch();

  const items = list.data?.items ?? [];
  const selectedItems = items.filter((i) => selected.has(i.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // `mutateAsync`: 'Deshacer' may be clicked after leaving the screen, and its toast must still show.
  const undoPublish = (before: PublicationItem, published: PublicationItem, notificationId: string) =>
    undoPublication
      .mutateAsync({ id: before.id, estado: before.estado, publicarEn: before.publicarEn, version: published.version })
      .then((restored) => {
        notifications.hide(notificationId);
        notifications.show({
          color: 'teal',
          title: 'Cambio deshecho',
          message: restored.estado === 'programada' ? `${restored.nombre} vuelve a estar programada.` : `${restored.nombre} vuelve a borrador.`,
        });
      })
      .catch((error: unknown) => notifications.show({ color: 'red', title: 'No se pudo deshacer el cambio', message: getErrorMessage(error) }));

  const change = (item: PublicationItem, estado: 'publicada' | 'borrador' | 'programada', publicarEn?: string) => {
    setBusyId(item.id);
    setPublication.mutate(
      { id: item.id, estado, publicarEn: publicarEn ?? null, version: item.version },
      {
        onSuccess: (updated) => {
          setTarget(null);
          const text =
            estado === 'publicada'
              ? `${updated.nombre} ya es pública.`
              : estado === 'borrador'
                ? `${updated.nombre} volvió a borrador.`
                : `${updated.nombre} quedó programada.`;
          if (estado !== 'publicada') {
            notifications.show({ color: 'teal', title: 'Publicación actualizada', message: text });
            return;
          }
          // Publishing now can be undone: the pet goes back to how it was (draft, or scheduled for its time).
          const id = `publicar-${item.id}-${updated.version}`;
          notifications.show({
            id,
            color: 'teal',
            title: 'Publicación actualizada',
            autoClose: UNDO_WINDOW_MS,
            message: <UndoMessage text={text} onUndo={() => void undoPublish(item, updated, id)} />,
          });
        },
        onError: (error) => {
          if (dateError(error)) return;
          setTarget(null);
          notifications.show({ color: 'red', title: 'No se pudo cambiar la publicación', message: getErrorMessage(error) });
        },
        onSettled: () => setBusyId(null),
      },
    );
  };

  const changeMany = (chosen: PublicationItem[], accion: 'publicar' | 'programar', publicarEn?: string) => {
    batch.mutate(
      { accion, publicarEn: publicarEn ?? null, items: chosen.map((i) => ({ id: i.id, version: i.version })) },
      {
        onSuccess: (result) => {
          setTarget(null);
          setSelected(new Set());
          const summary = summarizeBatch(result);
          notifications.show({ color: summary.failed ? 'orange' : 'teal', title: 'Cambio en lote', message: summary.text });
        },
        onError: (error) => {
          if (dateError(error)) return;
          setTarget(null);
          notifications.show({ color: 'red', title: 'No se pudo aplicar el cambio', message: getErrorMessage(error) });
        },
      },
    );
  };

  const scheduleSubject = target?.kind === 'one' ? target.item.nombre : target ? countLabel(target.items.length, 'mascota', 'mascotas') : '';

  return (
    <Stack gap="md">
      <title>Publicaciones Programadas · Refugio Admin</title>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Publicaciones Programadas
          </Title>
          <Text c="dimmed" size="sm">
            Mascotas en borrador o programadas que aún no son públicas. Las horas son de {timeZone.replace(/_/g, ' ')}.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Vista"
          value={view}
          onChange={(value) => setView(value === 'calendario' ? 'calendario' : 'lista')}
          data={[
            { value: 'lista', label: 'Lista' },
            { value: 'calendario', label: 'Calendario' },
          ]}
        />
      </Group>

      {view === 'calendario' ? (
        <Paper withBorder radius="md" p="md">
          {timeline.isPending ? (
            <ListLoading label="Cargando el calendario..." />
          ) : timeline.isError ? (
            <ListLoadError title="No se pudo cargar el calendario" onRetry={() => void timeline.refetch()}>
              {getErrorMessage(timeline.error)}
            </ListLoadError>
          ) : (
            <PublicationsTimeline items={timeline.data.items} timeZone={timeZone} />
          )}
        </Paper>
      ) : (
        <>
          {selected.size > 0 ? (
            <Paper withBorder radius="md" p="sm" role="region" aria-label="Acciones en lote">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text size="sm" fw={500}>
                  {countLabel(selected.size, 'seleccionada', 'seleccionadas')}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <Button variant="default" size="xs" onClick={() => setSelected(new Set())}>
                    Quitar selección
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconCalendarClock size={14} aria-hidden="true" />}
                    onClick={() => setTarget({ kind: 'bulk', items: selectedItems })}
                  >
                    Programar seleccionadas
                  </Button>
                  <Button
                    size="xs"
                    leftSection={<IconSend size={14} aria-hidden="true" />}
                    loading={batch.isPending && target === null}
                    onClick={() => changeMany(selectedItems, 'publicar')}
                  >
                    Publicar seleccionadas
                  </Button>
                </Group>
              </Group>
            </Paper>
          ) : null}

          {list.isPending ? (
            <ListLoading label="Cargando publicaciones..." />
          ) : list.isError ? (
            <ListLoadError title="No se pudieron cargar las publicaciones" onRetry={() => void list.refetch()}>
              {getErrorMessage(list.error)}
            </ListLoadError>
          ) : items.length === 0 ? (
            <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} title="Nada por publicar">
              Todas las mascotas están publicadas.
            </Alert>
          ) : (
            <>
              <PublicationsList
                items={items}
                timeZone={timeZone}
                selected={selected}
                busyId={busyId}
                onToggle={toggle}
                onSchedule={(item) => setTarget({ kind: 'one', item })}
                onPublish={(item) => change(item, 'publicada')}
                onWithdraw={(item) => change(item, 'borrador')}
              />
              {list.data.total > PAGE_SIZE ? (
                <ListPager
                  page={page}
                  pageCount={Math.ceil(list.data.total / PAGE_SIZE)}
                  onPage={(next) => {
                    setPage(next);
                    setSelected(new Set());
                  }}
                />
              ) : null}
            </>
          )}
        </>
      )}

      {target ? (
        <ScheduleModal
          opened
          subject={scheduleSubject}
          timeZone={timeZone}
          initial={target.kind === 'one' ? target.item.publicarEn : null}
          loading={setPublication.isPending || batch.isPending}
          serverError={dateError(target.kind === 'one' ? setPublication.error : batch.error)}
          onClose={() => setTarget(null)}
          onConfirm={(publicarEn) =>
            target.kind === 'one' ? change(target.item, 'programada', publicarEn) : changeMany(target.items, 'programar', publicarEn)
          }
        />
      ) : null}
    </Stack>
  );
}

export { DraftsScreen as Component };
