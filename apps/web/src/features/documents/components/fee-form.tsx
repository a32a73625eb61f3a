import { Alert, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AdoptionFee, type PaymentMethod, formatEuros, paymentMethodLabels } from '@refugio/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFee, useUpdateFee } from '../api/documents';
import { FEE_INPUT_MAX, feeAmountError, paymentMethodOptions } from './prepare-contract-dialog';

interface FeeDraft {
  cuota: string | number;
  metodoPago: PaymentMethod;
  pagado: boolean;
  fechaPago: string;
  referencia: string;
}

const toDraft = (fee: AdoptionFee): FeeDraft => ({
  cuota: fee.cuota ?? '',
  metodoPago: fee.metodoPago ?? 'transferencia',
  pagado: fee.pagado,
  fechaPago: fee.fechaPago ?? '',
  referencia: fee.referencia,
});

export const feeStaleMessage = 'Otra persona ha cambiado la cuota mientras la editabas. Lo que escribiste sigue aquí: revísalo y guarda de nuevo.';

/** The adoption's fee: amount, method, paid or not, date and reference; saved with its version. */
export function FeeSection({ solicitudId }: { solicitudId: number }) {
  const fee = useFee(solicitudId);
  if (fee.isPending) return null;
  if (fee.isError) return <Alert color="red">{getErrorMessage(fee.error)}</Alert>;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`cuota-${solicitudId}`}>
      <Title order={3} fz="h5" id={`cuota-${solicitudId}`}>
        Cuota de adopción
      </Title>
      <FeeForm solicitudId={solicitudId} fee={fee.data} onStale={() => void fee.refetch()} />
    </Stack>
  );
}

export function FeeForm({ solicitudId, fee, onStale }: { solicitudId: number; fee: AdoptionFee; onStale: () => void }) {
  const [draft, setDraft] = useState<FeeDraft>(() => toDraft(fee));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const update = useUpdateFee();
  const set = <K extends keyof FeeDraft>(key: K, value: FeeDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = feeAmountError(draft.cuota, draft.metodoPago);
    setAmountError(problem);
    if (problem) return;
    update.mutate(
      {
        solicitudId,
        fee: {
          cuota: draft.metodoPago === 'exento' ? 0 : Number(String(draft.cuota).replace(',', '.')),
          metodoPago: draft.metodoPago,
          pagado: draft.pagado,
          fechaPago: draft.pagado && draft.fechaPago ? draft.fechaPago : null,
          referencia: draft.referencia.trim(),
          // The version the form was opened with; after a 409 the newer one is read so the next save goes over it.
          version: fee.version,
        },
      },
      {
        onSuccess: () => {
          setStale(false);
          notifications.show({ color: 'teal', message: 'Cuota guardada.' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setStale(true);
            onStale();
          }
        },
      },
    );
  };

  const fieldErrors = update.error instanceof ApiError ? update.error.fieldErrors : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {fee.version === 0 || fee.cuota === null || fee.metodoPago === null
            ? 'Todavía no se ha registrado la cuota.'
            : `Registrada: ${formatEuros(fee.cuota)} · ${paymentMethodLabels[fee.metodoPago]} · ${fee.pagado ? 'pagada' : 'sin pagar'}`}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Forma de pago"
            data={paymentMethodOptions}
            value={draft.metodoPago}
            allowDeselect={false}
            onChange={(value) => value && set('metodoPago', value)}
            error={fieldErrors?.metodoPago}
          />
          <NumberInput
            label="Cuota (€)"
            min={0}
            max={FEE_INPUT_MAX}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            allowNegative={false}
            disabled={draft.metodoPago === 'exento'}
            value={draft.metodoPago === 'exento' ? 0 : draft.cuota}
            onChange={(value) => set('cuota', value)}
            error={amountError ?? fieldErrors?.cuota}
          />
        </SimpleGrid>
        <Checkbox label="Pagada" checked={draft.pagado} onChange={(e) => set('pagado', e.currentTarget.checked)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="Fecha de pago"
            disabled={!draft.pagado}
            value={draft.fechaPago}
            onChange={(e) => set('fechaPago', e.currentTarget.value)}
            error={fieldErrors?.fechaPago}
          />
          <TextInput
            label="Referencia"
            description="Nº de operación, recibo..."
            maxLength={200}
            value={draft.referencia}
            onChange={(e) => set('referencia', e.currentTarget.value)}
            error={fieldErrors?.referencia}
          />
        </SimpleGrid>
        {stale ? (
          <Alert color="orange" role="alert">
            {feeStaleMessage}
          </Alert>
        ) : update.isError ? (
          <Alert color="red" role="alert">
            {getErrorMessage(update.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={update.isPending}>
            Guardar cuota
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
