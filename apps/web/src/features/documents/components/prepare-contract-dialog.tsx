import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { FEE_MAX, PAYMENT_METHODS, type PaymentMethod, paymentMethodLabels } from '@refugio/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useContractPreparation, usePrepareContract } from '../api/documents';
import { ContractMissingData } from './contract-missing-data';

/** The largest amount the form accepts (the server refuses FEE_MAX and above). */
export const FEE_INPUT_MAX = FEE_MAX - 0.01;

/** The fee's amount as typed: non-negative, at most 2 decimals, under 100 000 €. */
export function feeAmountError(value: string | number, metodoPago: PaymentMethod): string | null {
  if (metodoPago === 'exento') return null;
  if (value === '' || value === null) return 'Indica la cuota en euros (0 si no paga).';
  const amount = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  if (!Number.isFinite(amount) || amount < 0) return 'La cuota no puede ser negativa.';
  if (amount >= FEE_MAX) return 'La cuota debe ser menor de 100.000 €.';
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return 'La cuota admite como mucho 2 decimales.';
  return null;
}

export const paymentMethodOptions = PAYMENT_METHODS.map((value) => ({ value, label: paymentMethodLabels[value] }));

interface PrepareContractDialogProps {
  solicitudId: number;
  opened: boolean;
  onClose: () => void;
  /** Told the new document's id. */
  onPrepared: (documentoId: number) => void;
  initial?: { cuota: number; metodoPago: PaymentMethod } | undefined;
  /** An unsigned contract exists: preparing again annuls it. */
  replaces: boolean;
}

/** "Preparar contrato": the fee (amount and method), then the PDF is made from the template. */
export function PrepareContractDialog({ solicitudId, opened, onClose, onPrepared, initial, replaces }: PrepareContractDialogProps) {
  const [cuota, setCuota] = useState<string | number>(initial?.cuota ?? '');
  const [metodoPago, setMetodoPago] = useState<PaymentMethod>(initial?.metodoPago ?? 'transferencia');
  const [error, setError] = useState<string | null>(null);
  const prepare = usePrepareContract();
  const preparation = useContractPreparation(solicitudId, opened);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = feeAmountError(cuota, metodoPago);
    setError(problem);
    if (problem) return;
    prepare.mutate(
      { solicitudId, metodoPago, cuota: metodoPago === 'exento' ? 0 : Number(String(cuota).replace(',', '.')) },
      { onSuccess: (answer) => onPrepared(answer.documentoId) },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Preparar contrato de adopción" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Se genera el PDF con la plantilla «Contrato de adopción» y los datos de la persona, la mascota y la cuota.
            {replaces ? ' El contrato sin firmar que hay ahora quedará anulado.' : ''}
          </Text>
          {preparation.data?.bloqueos.length ? (
            <Alert color="red" title="No se puede preparar el contrato">
              <Stack gap={4}>
                {preparation.data.bloqueos.map((b) => (
                  <Text key={b.causa} size="sm">
                    {b.mensaje}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          {preparation.data ? (
            <ContractMissingData solicitudId={solicitudId} personaId={preparation.data.personaId} faltan={preparation.data.faltan} />
          ) : null}
          <Select
            label="Forma de pago"
            data={paymentMethodOptions}
            value={metodoPago}
            allowDeselect={false}
            onChange={(value) => value && setMetodoPago(value)}
          />
          <NumberInput
            label="Cuota de adopción (€)"
            description={metodoPago === 'exento' ? 'Exento: la cuota es 0 €.' : undefined}
            min={0}
            max={FEE_INPUT_MAX}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            allowNegative={false}
            disabled={metodoPago === 'exento'}
            value={metodoPago === 'exento' ? 0 : cuota}
            onChange={setCuota}
            error={error}
            required
          />
          {prepare.isError ? <Alert color="red">{getErrorMessage(prepare.error)}</Alert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={prepare.isPending} disabled={Boolean(preparation.data?.bloqueos.length)}>
              Preparar contrato
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
