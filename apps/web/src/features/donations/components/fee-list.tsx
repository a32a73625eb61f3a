import { Anchor, Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Fee, feePeriodLabels, feeStateLabels, feeTypeLabels, moneyMethodLabels } from '@refugio/contracts';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { useLeaveFee } from '../api/fee-actions';
import { formatCents } from '../lib/money';
import { useOrganizationToday } from '../lib/use-today';
import { DecisionBadge, FeeActions, NewsSwitch, feeAmount } from './fee-actions';
import { SubmittedDifferences } from './fiscal-identity';
import { ReasonDialog } from './reason-dialog';

const WIDE_QUERY = '(min-width: 48em)';
const stateColor = { activa: 'green', pendiente: 'yellow', baja: 'gray' } as const;

function FeeState({ fee }: { fee: Fee }) {
  return (
    <Badge color={stateColor[fee.estado]} variant="light" size="sm">
      {feeStateLabels[fee.estado]}
      {fee.estado === 'baja' && fee.hasta ? ` el ${formatDate(fee.hasta)}` : ''}
    </Badge>
  );
}

function Who({ fee }: { fee: Fee }) {
  return (
    <Anchor component={Link} to={`/personas/${fee.persona.id}`} fw={600} c="inherit">
      {fee.persona.nombre || 'Sin nombre'}
    </Anchor>
  );
}

/**
 * Fees as a table on a wide screen and as a list of cards on a phone, each with its actions (FeeActions; "Dar de baja"
 * asks for a date and a reason in a dialog), the sponsors' "Recibe novedades" switch and "Requiere decisión"; `cards` keeps the cards on any screen (a narrow column). `showPerson` adds the person's name as a link to their page.
 */
export function FeeList({ fees, showPerson, cards = false }: { fees: readonly Fee[]; showPerson: boolean; cards?: boolean }) {
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false }) && !cards;
  const [leaving, setLeaving] = useState<Fee | null>(null);
  const leave = useLeaveFee();
  const today = useOrganizationToday();
  const amount = feeAmount;
  const open = (fee: Fee) => {
    leave.reset();
    setLeaving(fee);
  };

  return (
    <>
      {isWide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Cuotas">
            <Table.Thead>
              <Table.Tr>
                {showPerson ? <Table.Th>Persona</Table.Th> : null}
                <Table.Th>Tipo</Table.Th>
                <Table.Th ta="right">Importe</Table.Th>
                <Table.Th>Periodicidad</Table.Th>
                <Table.Th>Forma de pago</Table.Th>
                <Table.Th>Desde</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees.map((fee) => (
                <Fragment key={fee.id}>
                  <Table.Tr>
                    {showPerson ? (
                      <Table.Td>
                        <Who fee={fee} />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      {feeTypeLabels[fee.tipo]}
                      {fee.mascota ? (
                        <Text size="xs" c="dimmed">
                          {fee.mascota.nombre}
                        </Text>
                      ) : null}
                      <NewsSwitch fee={fee} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatCents(fee.importeCentimos)}
                    </Table.Td>
                    <Table.Td>{feePeriodLabels[fee.periodicidad]}</Table.Td>
                    <Table.Td>
                      {moneyMethodLabels[fee.metodoPago]}
                      {fee.iban ? (
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {fee.iban}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(fee.desde)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <FeeState fee={fee} />
                        <DecisionBadge fee={fee} />
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <FeeActions fee={fee} onLeave={open} />
                    </Table.Td>
                  </Table.Tr>
                  {fee.diferencias.length > 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={showPerson ? 8 : 7}>
                        <SubmittedDifferences kind="cuota" id={fee.id} persona={fee.persona} diferencias={fee.diferencias} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm" p="sm" role="list" aria-label="Cuotas">
          {fees.map((fee) => (
            <Paper key={fee.id} withBorder radius="md" p="sm" role="listitem">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  {showPerson ? <Who fee={fee} /> : <Text fw={600}>{feeTypeLabels[fee.tipo]}</Text>}
                  <FeeState fee={fee} />
                </Group>
                <Text size="sm">
                  {showPerson ? `${feeTypeLabels[fee.tipo]} · ` : ''}
                  {amount(fee)}
                  {fee.mascota ? ` · ${fee.mascota.nombre}` : ''}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[moneyMethodLabels[fee.metodoPago], fee.iban, `desde el ${formatDate(fee.desde)}`].filter(Boolean).join(' · ')}
                </Text>
                <DecisionBadge fee={fee} />
                <NewsSwitch fee={fee} />
                <SubmittedDifferences kind="cuota" id={fee.id} persona={fee.persona} diferencias={fee.diferencias} />
                <FeeActions fee={fee} onLeave={open} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {leaving ? (
        <ReasonDialog
          title="Dar de baja la cuota"
          confirmLabel="Dar de baja"
          date={{ label: 'Fecha de baja (último día de la cuota)', initial: today }}
          pending={leave.isPending}
          error={leave.error}
          onClose={() => setLeaving(null)}
          onConfirm={({ fecha, motivo }) =>
            leave.mutate({ id: leaving.id, input: { fecha, motivo, version: leaving.version } }, { onSuccess: () => setLeaving(null) })
          }
        >
          La cuota de {feeTypeLabels[leaving.tipo].toLowerCase()} de <strong>{leaving.persona.nombre}</strong> ({amount(leaving)}) dejará de cobrarse.
          No se puede deshacer.
        </ReasonDialog>
      ) : null}
    </>
  );
}
