import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type Gift, giftConceptLabels, giftStateLabels, moneyMethodLabels } from '@refugio/contracts';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useAnnulGift, useReturnGift } from '../api/gift-actions';
import { formatCents } from '../lib/money';
import { ConfirmGiftDialog } from './confirm-gift-dialog';
import { DeductibleSwitch, NotDeductibleBadge, SubmittedDifferences } from './fiscal-identity';
import { ReasonDialog } from './reason-dialog';

const WIDE_QUERY = '(min-width: 48em)';
const stateColor = { registrado: 'green', anulado: 'gray', devuelto: 'orange', pendiente: 'yellow' } as const;

function GiftState({ gift }: { gift: Gift }) {
  return (
    <Group gap={4}>
      <Badge color={stateColor[gift.estado]} variant="light" size="sm">
        {giftStateLabels[gift.estado]}
      </Badge>
      <NotDeductibleBadge gift={gift} />
    </Group>
  );
}

function Who({ gift }: { gift: Gift }) {
  return gift.persona ? (
    <Anchor component={Link} to={`/personas/${gift.persona.id}`} fw={600} c="inherit">
      {gift.persona.nombre || 'Sin nombre'}
    </Anchor>
  ) : (
    <Text fw={600} c="dimmed">
      Anónimo
    </Text>
  );
}

const describe = (gift: Gift) => `${formatCents(gift.importeCentimos)} del ${formatDate(gift.fecha)}`;
const named = (gift: Gift) => `donativo de ${describe(gift)}${gift.persona ? ` de ${gift.persona.nombre || 'Sin nombre'}` : ''}`;

interface ActionsProps {
  gift: Gift;
  onAnnul: (gift: Gift) => void;
  onReturn: (gift: Gift) => void;
  onConfirm: (gift: Gift) => void;
}

function Actions({ gift, onAnnul, onReturn, onConfirm }: ActionsProps) {
  if (gift.estado !== 'registrado' && gift.estado !== 'pendiente') return null;
  return (
    <Group gap="xs">
      {gift.estado === 'pendiente' ? (
        <Button size="compact-sm" onClick={() => onConfirm(gift)} aria-label={`Confirmar cobro del donativo de ${describe(gift)}`}>
          Confirmar cobro
        </Button>
      ) : null}
      {gift.estado === 'registrado' && gift.metodo === 'domiciliacion' ? (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onReturn(gift)}
          aria-label={`Registrar la devolución del cobro de ${describe(gift)}`}
        >
          Devuelto
        </Button>
      ) : null}
      <Button size="compact-sm" variant="light" color="red" onClick={() => onAnnul(gift)} aria-label={`Anular el donativo de ${describe(gift)}`}>
        Anular
      </Button>
    </Group>
  );
}

/**
 * Gifts as a table on a wide screen and as cards on a phone (or always, with `cards`: a narrow column). "Anular" asks for the reason in a dialog (the gift is
 * kept, marked annulled); "Devuelto" (a returned direct debit) is confirmed first; a pending gift (from /colabora) has
 * "Confirmar cobro" (ConfirmGiftDialog) and "Anular".
 */
export function GiftList({ gifts, showPerson, cards = false }: { gifts: readonly Gift[]; showPerson: boolean; cards?: boolean }) {
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false }) && !cards;
  const [annulling, setAnnulling] = useState<Gift | null>(null);
  // After a refusal the list is refreshed and the dialog confirms the current version; a gift that left the list (no
  // longer pending, under the "Pendiente" filter) keeps its dialog open with the server's message.
  const [confirmingGift, setConfirmingGift] = useState<Gift | null>(null);
  const confirming = confirmingGift ? (gifts.find((g) => g.id === confirmingGift.id) ?? confirmingGift) : null;
  const annul = useAnnulGift();
  const returned = useReturnGift();
  const openAnnul = (gift: Gift) => {
    annul.reset();
    setAnnulling(gift);
  };
  const confirmReturn = (gift: Gift) =>
    modals.openConfirmModal({
      title: 'Registrar la devolución',
      children: <Text size="sm">El banco devolvió el cobro domiciliado de {describe(gift)}. Dejará de contar en los totales.</Text>,
      labels: { confirm: 'Registrar devolución', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        returned.mutate(
          { id: gift.id, version: gift.version },
          { onError: (error) => notifications.show({ color: 'red', title: 'No se pudo registrar la devolución', message: getErrorMessage(error) }) },
        ),
    });

  return (
    <>
      {isWide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Donativos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                {showPerson ? <Table.Th>Persona</Table.Th> : null}
                <Table.Th ta="right">Importe</Table.Th>
                <Table.Th>Concepto</Table.Th>
                <Table.Th>Forma de pago</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {gifts.map((gift) => (
                <Fragment key={gift.id}>
                  <Table.Tr>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(gift.fecha)}</Table.Td>
                    {showPerson ? (
                      <Table.Td>
                        <Who gift={gift} />
                      </Table.Td>
                    ) : null}
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatCents(gift.importeCentimos)}
                    </Table.Td>
                    <Table.Td>
                      {giftConceptLabels[gift.concepto]}
                      {gift.mascota || gift.referencia ? (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {[gift.mascota?.nombre, gift.referencia].filter(Boolean).join(' · ')}
                        </Text>
                      ) : null}
                      <DeductibleSwitch gift={gift} name={named(gift)} />
                    </Table.Td>
                    <Table.Td>{moneyMethodLabels[gift.metodo]}</Table.Td>
                    <Table.Td>
                      <GiftState gift={gift} />
                      {gift.anuladoMotivo ? (
                        <Text size="xs" c="dimmed">
                          {gift.anuladoMotivo}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Actions gift={gift} onAnnul={openAnnul} onReturn={confirmReturn} onConfirm={setConfirmingGift} />
                    </Table.Td>
                  </Table.Tr>
                  {gift.diferencias.length > 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={showPerson ? 7 : 6}>
                        <SubmittedDifferences kind="donativo" id={gift.id} persona={gift.persona} diferencias={gift.diferencias} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm" p="sm" role="list" aria-label="Donativos">
          {gifts.map((gift) => (
            <Paper key={gift.id} withBorder radius="md" p="sm" role="listitem">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  {showPerson ? <Who gift={gift} /> : <Text fw={600}>{formatCents(gift.importeCentimos)}</Text>}
                  <GiftState gift={gift} />
                </Group>
                <Text size="sm">
                  {showPerson ? `${formatCents(gift.importeCentimos)} · ` : ''}
                  {formatDate(gift.fecha)} · {giftConceptLabels[gift.concepto]}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[moneyMethodLabels[gift.metodo], gift.mascota?.nombre, gift.referencia, gift.anuladoMotivo].filter(Boolean).join(' · ')}
                </Text>
                <DeductibleSwitch gift={gift} name={named(gift)} />
                <SubmittedDifferences kind="donativo" id={gift.id} persona={gift.persona} diferencias={gift.diferencias} />
                <Actions gift={gift} onAnnul={openAnnul} onReturn={confirmReturn} onConfirm={setConfirmingGift} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {confirming ? <ConfirmGiftDialog gift={confirming} onClose={() => setConfirmingGift(null)} /> : null}
      {annulling ? (
        <ReasonDialog
          title="Anular el donativo"
          confirmLabel="Anular donativo"
          pending={annul.isPending}
          error={annul.error}
          onClose={() => setAnnulling(null)}
          onConfirm={({ motivo }) => annul.mutate({ id: annulling.id, motivo, version: annulling.version }, { onSuccess: () => setAnnulling(null) })}
        >
          El donativo de {describe(annulling)}
          {annulling.persona ? ` de ${annulling.persona.nombre}` : ''} se conservará como anulado y dejará de contar en los totales y en el modelo
          182.
        </ReasonDialog>
      ) : null}
    </>
  );
}
