import { Alert, Badge, Button, List, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type Gift,
  type IdentityDifference,
  type PersonRef,
  type SubmittedIdentityField,
  deductibleByDefault,
  giftConceptLabels,
} from '@refugio/contracts';
import { IconUserExclamation } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePatchGift } from '../api/gift-actions';
import { useApplySubmittedData } from '../api/submitted-data';
import { useCapabilities } from '../../../lib/role-lookup';

/** Whether the signed-in role may change money records (capability `dinero`): the browser mirrors, the server decides. */
export function useCanChangeMoney(): boolean {
  return useCapabilities()('dinero');
}

/** "No deducible": a payment with consideration, left out of certificates and the modelo 182. */
export function NotDeductibleBadge({ gift }: { gift: Gift }) {
  if (gift.deducible) return null;
  return (
    <Badge color="gray" variant="outline" size="sm">
      No deducible
    </Badge>
  );
}

/** What the concept says by default (Ley 49/2002 art. 24), and whether this gift follows it. */
export function deductibleDescription(gift: Gift): string {
  const byDefault = deductibleByDefault(gift.concepto);
  const concept = giftConceptLabels[gift.concepto];
  return gift.deducible === byDefault
    ? `Como su concepto (${concept}) por defecto`
    : `Por su concepto (${concept}) sería ${byDefault ? 'deducible' : 'no deducible'}`;
}

/**
 * "Deducible" of a registered or pending gift: only deductible gifts enter the certificate and the modelo 182; a payment
 * with consideration (a dinner ticket, an adoption fee) is not one. Sent with the version shown; a refusal (409: changed
 * meanwhile) is shown with the server's message and the list is refreshed.
 */
export function DeductibleSwitch({ gift, name }: { gift: Gift; name: string }) {
  const patch = usePatchGift();
  const allowed = useCanChangeMoney();
  if (!allowed || (gift.estado !== 'registrado' && gift.estado !== 'pendiente')) return null;
  const checked = patch.isPending ? patch.variables.input.deducible : gift.deducible;
  return (
    <Switch
      size="sm"
      label="Deducible"
      aria-label={`Deducible: ${name}`}
      description={deductibleDescription(gift)}
      checked={checked}
      disabled={patch.isPending}
      onChange={(event) =>
        patch.mutate(
          { id: gift.id, input: { deducible: event.currentTarget.checked, version: gift.version } },
          { onError: (error) => notifications.show({ color: 'red', title: 'No se pudo cambiar si es deducible', message: getErrorMessage(error) }) },
        )
      }
    />
  );
}

export const identityFieldLabels: Record<SubmittedIdentityField, string> = {
  nif: 'NIF',
  codigoPostal: 'Código postal',
  direccion: 'Dirección',
};

/**
 * What a /colabora submission said of its author that differs from the person's record (the public form never writes
 * it there), with "Usar estos datos": confirmed, it applies every difference to the record (with the person's history)
 * and refreshes the person's data.
 */
export function SubmittedDifferences({
  kind,
  id,
  persona,
  diferencias,
}: {
  kind: 'cuota' | 'donativo';
  id: number;
  persona: PersonRef | null;
  diferencias: readonly IdentityDifference[];
}) {
  const apply = useApplySubmittedData();
  const allowed = useCanChangeMoney();
  if (diferencias.length === 0 || persona === null) return null;
  const name = persona.nombre || 'la persona';
  const what = kind === 'cuota' ? 'la cuota' : 'el donativo';
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Usar los datos enviados',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Se escribirán en la ficha de <strong>{name}</strong>, con su historial, los datos que llegaron con {what} desde /colabora:
          </Text>
          <List size="sm">
            {diferencias.map((d) => (
              <List.Item key={d.campo}>
                {identityFieldLabels[d.campo]}: {d.enviado} (en la ficha: {d.enFicha ?? 'nada'})
              </List.Item>
            ))}
          </List>
          <Text size="sm">Comprueba antes que son de esta persona: salen en su certificado y en el modelo 182.</Text>
        </Stack>
      ),
      labels: { confirm: 'Usar estos datos', cancel: 'Cancelar' },
      onConfirm: () =>
        apply.mutate(
          { kind, id },
          {
            onSuccess: () =>
              notifications.show({ color: 'green', title: 'Ficha actualizada', message: `Los datos enviados están en la ficha de ${name}.` }),
            onError: (error) => notifications.show({ color: 'red', title: 'No se pudieron usar los datos', message: getErrorMessage(error) }),
          },
        ),
    });

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconUserExclamation size={20} aria-hidden="true" />}
      title="Datos enviados distintos de la ficha"
      p="xs"
    >
      <Stack gap={6} align="flex-start">
        <Text size="sm">Llegaron desde /colabora y no se han escrito en la ficha:</Text>
        <List size="sm" aria-label={`Datos enviados distintos de la ficha de ${name}`}>
          {diferencias.map((d) => (
            <List.Item key={d.campo}>
              {identityFieldLabels[d.campo]}: enviado <strong style={{ overflowWrap: 'anywhere' }}>{d.enviado}</strong>, en la ficha{' '}
              {d.enFicha === null ? 'nada' : <strong style={{ overflowWrap: 'anywhere' }}>{d.enFicha}</strong>}
            </List.Item>
          ))}
        </List>
        {allowed ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={confirm}
            loading={apply.isPending}
            aria-label={`Usar estos datos en la ficha de ${name}`}
          >
            Usar estos datos
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
