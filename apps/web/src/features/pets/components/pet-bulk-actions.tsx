import { Alert, Anchor, Button, Checkbox, Group, List, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isSchedulable, petBatchUiMessages as t, publicationMessages, wallTimeToInstant, type PetBatchAction } from '@refugio/contracts';
import { IconAlertTriangle, IconCalendarClock, IconHeartHandshake, IconRestore, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useOrganizationTimeZone } from '../../../lib/organization-settings';
import { useApplyPetBatch } from '../api/apply-pet-batch';
import type { BulkOutcome, PetBulk } from '../hooks/use-pet-bulk';
import classes from './pet-bulk-actions.module.css';

// The date picker (Mantine Dates and its stylesheet) only shows to schedule: the list does not download it.
const PublicationDateTimePicker = lazy(() =>
  import('../../../components/ui/publication-date-time-picker').then((module) => ({ default: module.PublicationDateTimePicker })),
);

/** A row's (or the page's) selection checkbox, inside a 44 px target that is easy to hit on a phone. */
export function SelectCheckbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: () => void;
}) {
  return (
    <label className={classes.hit}>
      <Checkbox aria-label={label} checked={checked} indeterminate={indeterminate} onChange={onChange} />
    </label>
  );
}

/** Bar buttons: labels wrap instead of being cut when two share a phone's row. */
const barButton = { className: classes.action, size: 'sm', h: 'auto', styles: { label: { whiteSpace: 'normal' } } } as const;

const subject = (bulk: PetBulk) => (bulk.allMatching ? t.subjectMatching(bulk.count) : t.subjectPicked(bulk.count));

/**
 * What is selected and what can be done with it, kept at the bottom of the screen while the list scrolls: the
 * count, Gmail's "select all N matching" once the page is selected, and the actions. 'Eliminar' stands apart
 * from the others.
 */
export function PetBulkBar({ bulk, deletedView }: { bulk: PetBulk; deletedView: boolean }) {
  if (bulk.count === 0) return null;
  return (
    <Paper className={classes.bar} p="sm" role="region" aria-label={t.barLabel} data-sticky-bar>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap" aria-live="polite">
          <Text size="sm" fw={600}>
            {bulk.allMatching ? t.allMatchingSelected(bulk.count) : t.selectedCount(bulk.count)}
          </Text>
          {bulk.offer === 'offer' ? (
            <>
              <Text size="sm" className={classes.pageNote}>
                {t.pageSelected(bulk.count)}
              </Text>
              <Anchor component="button" type="button" size="sm" fw={600} className={classes.link} onClick={bulk.selectAllMatching}>
                {t.selectAllMatching(bulk.total)}
              </Anchor>
            </>
          ) : null}
          {bulk.offer === 'tooMany' ? <Text size="sm">{t.tooManyToSelect}</Text> : null}
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <div className={classes.actions}>
            {deletedView ? (
              <Button {...barButton} leftSection={<IconRestore size={16} aria-hidden="true" />} onClick={() => bulk.ask('restaurar')}>
                {t.restore}
              </Button>
            ) : (
              <>
                <Button {...barButton} leftSection={<IconSend size={16} aria-hidden="true" />} onClick={() => bulk.ask('publicar')}>
                  {t.publish}
                </Button>
                <Button
                  {...barButton}
                  variant="light"
                  leftSection={<IconCalendarClock size={16} aria-hidden="true" />}
                  onClick={() => bulk.ask('programar')}
                >
                  {t.schedule}
                </Button>
                <Button
                  {...barButton}
                  variant="light"
                  leftSection={<IconHeartHandshake size={16} aria-hidden="true" />}
                  onClick={() => bulk.ask('adoptar')}
                >
                  {t.adopt}
                </Button>
              </>
            )}
            <Button {...barButton} variant="default" leftSection={<IconX size={16} aria-hidden="true" />} onClick={bulk.clear}>
              {t.clearSelection}
            </Button>
          </div>
          {deletedView ? null : (
            <Button
              {...barButton}
              color="red"
              variant="outline"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => bulk.ask('eliminar')}
            >
              {t.remove}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function ConfirmBody({ bulk, accion }: { bulk: PetBulk; accion: PetBatchAction }) {
  const timeZone = useOrganizationTimeZone();
  const [when, setWhen] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | undefined>();
  const serverDateError = bulk.error instanceof ApiError ? bulk.error.fieldErrors?.publicarEn : undefined;
  const otherError = bulk.error && !serverDateError ? getErrorMessage(bulk.error) : null;

  const confirm = () => {
    if (accion !== 'programar') return bulk.apply(accion);
    // The rules of /borradores: a date is needed, and not one in the past (the server checks again).
    const instant = when ? wallTimeToInstant(when, timeZone) : undefined;
    if (!instant) return setDateError(publicationMessages.dateRequired);
    if (!isSchedulable(instant, new Date(), 0)) return setDateError(publicationMessages.pastDate);
    setDateError(undefined);
    bulk.apply(accion, instant.toISOString());
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t.confirmText[accion]}</Text>
      {accion === 'programar' ? (
        <Suspense fallback={<Loader size="sm" aria-label="Cargando el calendario" />}>
          <PublicationDateTimePicker
            timeZone={timeZone}
            value={when}
            onChange={(next) => {
              setWhen(next);
              setDateError(undefined);
            }}
            error={dateError ?? serverDateError}
          />
        </Suspense>
      ) : null}
      {otherError ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t.errorTitle}>
          {otherError}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={bulk.cancel} disabled={bulk.applying}>
          Cancelar
        </Button>
        <Button color={accion === 'eliminar' ? 'red' : undefined} loading={bulk.applying} onClick={confirm}>
          {t.confirmButton[accion]}
        </Button>
      </Group>
    </Stack>
  );
}

/** The one confirmation: how many pets and what will happen (and when, to schedule). */
export function PetBulkConfirm({ bulk }: { bulk: PetBulk }) {
  const accion = bulk.confirming;
  return (
    <Modal
      opened={accion !== null}
      onClose={bulk.cancel}
      title={accion ? t.confirmTitle[accion](subject(bulk)) : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
    >
      {accion ? <ConfirmBody key={accion} bulk={bulk} accion={accion} /> : null}
    </Modal>
  );
}

/** What the last bulk action changed, the pets it could not change by name, and Deshacer after a delete. */
export function PetBulkSummary({ outcome, onClose }: { outcome: BulkOutcome | null; onClose: () => void }) {
  const undo = useApplyPetBatch();
  const { summary, accion } = outcome ?? { summary: null, accion: null };

  const undoDelete = () => {
    if (!summary) return;
    undo.mutate(
      { accion: 'restaurar', items: summary.changed },
      {
        onSuccess: (result) => {
          onClose();
          const restored = result.resultados.filter((r) => r.ok).length;
          notifications.show({ color: 'teal', title: t.undoDoneTitle, message: t.undoDone(restored) });
        },
        onError: (error) => notifications.show({ color: 'red', title: t.undoFailedTitle, message: getErrorMessage(error) }),
      },
    );
  };

  return (
    <Modal opened={outcome !== null} onClose={onClose} title={t.summaryTitle} centered closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
      {summary ? (
        <Stack gap="md">
          <Text role="status">{summary.text}</Text>
          {summary.failures.length > 0 ? (
            <div>
              <Text size="sm" fw={600}>
                {t.summaryFailuresTitle}
              </Text>
              <List size="sm" mt={4} aria-label={t.summaryFailuresTitle}>
                {summary.failures.map((failure) => (
                  <List.Item key={failure.id}>
                    {failure.nombre}: {failure.message}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {accion === 'eliminar' && summary.changed.length > 0 ? (
              <Button variant="light" leftSection={<IconRestore size={16} aria-hidden="true" />} loading={undo.isPending} onClick={undoDelete}>
                {t.undo}
              </Button>
            ) : null}
            <Button onClick={onClose} disabled={undo.isPending}>
              {t.close}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
