import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Fee, type PersonRef, donationMessages, feePeriodLabels, feeTypeLabels, sponsorDecisionLabels } from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { pickFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useChangeFeePet, useConfirmFee, usePatchFee } from '../api/fee-actions';
import { formatCents } from '../lib/money';
import { PetSelect } from './pet-select';

export const feeAmount = (fee: Fee) => `${formatCents(fee.importeCentimos)} ${feePeriodLabels[fee.periodicidad].toLowerCase()}`;
const personName = (fee: Fee) => fee.persona.nombre || 'Sin nombre';

/** "Requiere decisión" on a sponsorship whose pet was adopted or died, with why. */
export function DecisionBadge({ fee }: { fee: Fee }) {
  if (!fee.requiereDecision) return null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="orange" variant="filled" size="sm">
        Requiere decisión
      </Badge>
      {fee.motivoDecision ? (
        <Text size="xs" c="dimmed">
          {sponsorDecisionLabels[fee.motivoDecision]}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "Recibe novedades" of a running sponsorship: the weekly e-mail with the news of the pet. A refusal is shown and the switch goes back. */
export function NewsSwitch({ fee }: { fee: Fee }) {
  const patch = usePatchFee();
  if (fee.tipo !== 'padrino' || fee.estado === 'baja') return null;
  const checked = patch.isPending ? patch.variables.input.recibirNovedades : fee.recibirNovedades;
  return (
    <Switch
      label="Recibe novedades"
      aria-label={`Recibe novedades de ${fee.mascota?.nombre ?? 'su mascota'} (${personName(fee)})`}
      checked={checked}
      disabled={patch.isPending}
      onChange={(event) =>
        patch.mutate(
          { id: fee.id, input: { recibirNovedades: event.currentTarget.checked, version: fee.version } },
          {
            onError: (error) =>
              notifications.show({ color: 'red', title: 'No se pudo cambiar el envío de novedades', message: getErrorMessage(error) }),
          },
        )
      }
    />
  );
}

function ChangePetDialog({ fee, onClose }: { fee: Fee; onClose: () => void }) {
  const change = useChangeFeePet();
  const [pet, setPet] = useState<PersonRef | null>(null);
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const serverErrors = pickFieldErrors(change.error, ['mascotaId']);
  const petError = tried && !pet ? donationMessages.petRequired : (serverErrors.mascotaId ?? null);
  const consentError = tried && !consent ? 'Confirma que la persona está de acuerdo con el cambio.' : null;
  const otherError = change.error && !serverErrors.mascotaId ? getErrorMessage(change.error) : null;

  return (
    <Modal opened onClose={onClose} title="Cambiar la mascota apadrinada" centered closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!pet || !consent) return;
          change.mutate({ id: fee.id, input: { mascotaId: pet.id, version: fee.version } }, { onSuccess: onClose });
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            <strong>{personName(fee)}</strong> apadrina a <strong>{fee.mascota?.nombre ?? 'una mascota'}</strong> ({feeAmount(fee)}).
            {fee.motivoDecision ? ` ${sponsorDecisionLabels[fee.motivoDecision]}.` : ''} La cuota sigue igual, con la nueva mascota.
          </Text>
          <PetSelect label="Nueva mascota" value={pet} onChange={setPet} error={petError} required />
          <Checkbox
            label="Cambio hecho con el consentimiento de la persona"
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
            error={consentError}
          />
          {otherError ? (
            <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert">
              {otherError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={change.isPending}>
              Cambiar mascota
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A fee's buttons: "Confirmar" (pending, from /colabora), "Cambiar mascota" (a running sponsorship), "Dar de baja". */
export function FeeActions({ fee, onLeave }: { fee: Fee; onLeave: (fee: Fee) => void }) {
  const confirm = useConfirmFee();
  const [changingPet, setChangingPet] = useState(false);
  if (fee.estado === 'baja') return null;
  const openConfirm = () =>
    modals.openConfirmModal({
      title: 'Confirmar la cuota',
      children: (
        <Text size="sm">
          La cuota de {feeTypeLabels[fee.tipo].toLowerCase()} de <strong>{personName(fee)}</strong> ({feeAmount(fee)}) pasará a activa y se cobrará en
          las próximas remesas.
        </Text>
      ),
      labels: { confirm: 'Confirmar cuota', cancel: 'Cancelar' },
      onConfirm: () =>
        confirm.mutate(
          { id: fee.id, version: fee.version },
          { onError: (error) => notifications.show({ color: 'red', title: 'No se pudo confirmar la cuota', message: getErrorMessage(error) }) },
        ),
    });

  return (
    <Group gap="xs">
      {fee.estado === 'pendiente' ? (
        <Button size="compact-sm" onClick={openConfirm} loading={confirm.isPending} aria-label={`Confirmar la cuota ${fee.id} de ${personName(fee)}`}>
          Confirmar
        </Button>
      ) : null}
      {fee.tipo === 'padrino' ? (
        <Button
          size="compact-sm"
          variant={fee.requiereDecision ? 'filled' : 'default'}
          color={fee.requiereDecision ? 'orange' : undefined}
          onClick={() => setChangingPet(true)}
          aria-label={`Cambiar mascota de ${personName(fee)}`}
        >
          Cambiar mascota
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        onClick={() => onLeave(fee)}
        aria-label={`Dar de baja la cuota ${fee.id} de ${personName(fee)}`}
      >
        Dar de baja
      </Button>
      {changingPet ? <ChangePetDialog fee={fee} onClose={() => setChangingPet(false)} /> : null}
    </Group>
  );
}
