import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  FEE_PERIODS,
  FEE_TYPES,
  type FeeInput,
  MANDATE_REFERENCE_MAX,
  MONEY_METHODS,
  type PersonRef,
  feeInputSchema,
  feePeriodLabels,
  feeTypeLabels,
  donationMessages,
  isNonEeaSepa,
  moneyMethodLabels,
  normaliseIban,
  suggestMandateReference,
} from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateFee } from '../api/fee-actions';
import { issuesByField, serverFieldErrors } from '../lib/issues';
import { useOrganizationToday } from '../lib/use-today';
import { PetSelect } from './pet-select';

interface FeeDraft {
  tipo: string;
  mascota: PersonRef | null;
  importe: string;
  periodicidad: string;
  desde: string;
  metodoPago: string;
  iban: string;
  mandatoReferencia: string;
  mandatoFechaFirma: string;
  bic: string;
  direccion: string;
  localidad: string;
  pais: string;
}

/** A new mandate reference, as `/colabora` invents one: the day and 50 random bits. */
function newReference(day: string): string {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return suggestMandateReference('CUOTA', day, (BigInt(words[0]!) << 32n) | BigInt(words[1]!));
}

/** An account whose bank is outside the EEA (CH, GB, AD…): the bank file needs its BIC and the holder's address. */
const needsAddress = (draft: Pick<FeeDraft, 'iban' | 'bic'>) => isNonEeaSepa(draft.iban, draft.bic.trim() === '' ? null : draft.bic);

/** What is sent: the amount as typed ("12,50", read by the server digit by digit), the IBAN and mandate only for a direct debit. */
export function feeInputOf(draft: FeeDraft): FeeInput {
  const directDebit = draft.metodoPago === 'domiciliacion';
  return {
    tipo: draft.tipo as FeeInput['tipo'],
    importe: draft.importe.trim(),
    periodicidad: draft.periodicidad as FeeInput['periodicidad'],
    desde: draft.desde,
    ...(draft.tipo === 'padrino' && draft.mascota ? { mascotaId: draft.mascota.id } : {}),
    metodoPago: draft.metodoPago as FeeInput['metodoPago'],
    ...(directDebit ? { iban: draft.iban, mandato: { referencia: draft.mandatoReferencia, fechaFirma: draft.mandatoFechaFirma } } : {}),
    ...(directDebit && draft.bic.trim() !== '' ? { bic: draft.bic } : {}),
    ...(directDebit && needsAddress(draft)
      ? { domicilioDeudor: { direccion: draft.direccion, localidad: draft.localidad, pais: draft.pais || normaliseIban(draft.iban).slice(0, 2) } }
      : {}),
  };
}

/**
 * "Nueva cuota" of a person: socio or padrino (with the pet), amount, period, start and how it is paid; a direct debit
 * asks for the IBAN and the signed SEPA mandate. Checked here with the contracts' schema and again by the server; a
 * failed request keeps everything typed.
 */
export function FeeForm({ personaId, onDone, onCancel }: { personaId: number; onDone: () => void; onCancel: () => void }) {
  const today = useOrganizationToday();
  const [draft, setDraft] = useState<FeeDraft>({
    tipo: 'socio',
    mascota: null,
    importe: '',
    periodicidad: 'mensual',
    desde: today,
    metodoPago: 'domiciliacion',
    iban: '',
    mandatoReferencia: newReference(today),
    mandatoFechaFirma: today,
    bic: '',
    direccion: '',
    localidad: '',
    pais: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateFee();
  const set = <K extends keyof FeeDraft>(key: K, value: FeeDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const directDebit = draft.metodoPago === 'domiciliacion';
  const fieldError = (...keys: string[]) => keys.map((k) => errors[k]).find(Boolean) ?? null;
  const shownFields = [
    'tipo',
    'importe',
    'periodicidad',
    'desde',
    'mascotaId',
    'metodoPago',
    'iban',
    'mandato',
    'mandato.referencia',
    'mandato.fechaFirma',
    'bic',
    'domicilioDeudor',
    'domicilioDeudor.direccion',
    'domicilioDeudor.localidad',
    'domicilioDeudor.pais',
  ];
  const foreign = directDebit && needsAddress(draft);
  const otherError =
    create.error && !(create.error instanceof ApiError && Object.keys(serverFieldErrors(create.error)).some((k) => shownFields.includes(k)))
      ? getErrorMessage(create.error)
      : null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nueva-cuota-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = feeInputOf(draft);
          const parsed = feeInputSchema.safeParse(input);
          const found = parsed.success ? {} : issuesByField(parsed.error);
          // The schema checks the pet only once every field reads well; say it at once.
          if (draft.tipo === 'padrino' && !draft.mascota) found.mascotaId ??= donationMessages.petRequired;
          if (Object.keys(found).length > 0) {
            setErrors(found);
            return;
          }
          setErrors({});
          create.mutate(
            { personaId, input },
            {
              onSuccess: onDone,
              onError: (error) => setErrors(serverFieldErrors(error)),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4" id="nueva-cuota-title">
            Nueva cuota
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Tipo"
              data={FEE_TYPES.map((t) => ({ value: t, label: feeTypeLabels[t] }))}
              value={draft.tipo}
              onChange={(v) => set('tipo', v ?? 'socio')}
              allowDeselect={false}
              error={fieldError('tipo')}
              required
            />
            {draft.tipo === 'padrino' ? (
              <PetSelect
                label="Mascota apadrinada"
                value={draft.mascota}
                onChange={(p) => set('mascota', p)}
                error={fieldError('mascotaId')}
                required
              />
            ) : null}
            <TextInput
              label="Importe (€)"
              description="Por ejemplo, 12,50"
              inputMode="decimal"
              autoComplete="off"
              value={draft.importe}
              onChange={(e) => set('importe', e.currentTarget.value)}
              error={fieldError('importe')}
              required
            />
            <Select
              label="Periodicidad"
              data={FEE_PERIODS.map((p) => ({ value: p, label: feePeriodLabels[p] }))}
              value={draft.periodicidad}
              onChange={(v) => set('periodicidad', v ?? 'mensual')}
              allowDeselect={false}
              error={fieldError('periodicidad')}
              required
            />
            <TextInput
              type="date"
              label="Desde"
              value={draft.desde}
              onChange={(e) => set('desde', e.currentTarget.value)}
              error={fieldError('desde')}
              required
            />
            <Select
              label="Forma de pago"
              data={MONEY_METHODS.map((m) => ({ value: m, label: moneyMethodLabels[m] }))}
              value={draft.metodoPago}
              onChange={(v) => set('metodoPago', v ?? 'domiciliacion')}
              allowDeselect={false}
              error={fieldError('metodoPago')}
              required
            />
          </SimpleGrid>
          {directDebit ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="IBAN"
                description="ES91 2100 0418 4502 0005 1332"
                autoComplete="off"
                value={draft.iban}
                onChange={(e) => set('iban', e.currentTarget.value)}
                error={fieldError('iban')}
                required
                style={{ gridColumn: '1 / -1' }}
              />
              <TextInput
                label="Referencia del mandato SEPA"
                description="Sugerida; si el mandato firmado trae otra, escribe esa. Letras sin acento, cifras y / - ? : ( ) . , ' +, sin espacios."
                maxLength={MANDATE_REFERENCE_MAX}
                value={draft.mandatoReferencia}
                onChange={(e) => set('mandatoReferencia', e.currentTarget.value)}
                error={fieldError('mandato.referencia', 'mandato')}
                required
              />
              <TextInput
                type="date"
                label="Fecha de firma del mandato"
                max={today}
                value={draft.mandatoFechaFirma}
                onChange={(e) => set('mandatoFechaFirma', e.currentTarget.value)}
                error={fieldError('mandato.fechaFirma')}
                required
              />
              <TextInput
                label="BIC del banco"
                description={foreign ? 'Obligatorio: el banco es de fuera del Espacio Económico Europeo.' : 'Opcional en España y el resto del EEE.'}
                autoComplete="off"
                value={draft.bic}
                onChange={(e) => set('bic', e.currentTarget.value)}
                error={fieldError('bic')}
                required={foreign}
              />
              {foreign ? (
                <>
                  <TextInput
                    label="Dirección del titular"
                    description="Su banco, de fuera del EEE, exige el domicilio del titular."
                    maxLength={70}
                    value={draft.direccion}
                    onChange={(e) => set('direccion', e.currentTarget.value)}
                    error={fieldError('domicilioDeudor.direccion', 'domicilioDeudor')}
                    required
                  />
                  <TextInput
                    label="Código postal y localidad del titular"
                    maxLength={70}
                    value={draft.localidad}
                    onChange={(e) => set('localidad', e.currentTarget.value)}
                    error={fieldError('domicilioDeudor.localidad')}
                    required
                  />
                  <TextInput
                    label="País del titular (código de dos letras)"
                    placeholder={normaliseIban(draft.iban).slice(0, 2)}
                    maxLength={2}
                    value={draft.pais}
                    onChange={(e) => set('pais', e.currentTarget.value.toUpperCase())}
                    error={fieldError('domicilioDeudor.pais')}
                  />
                </>
              ) : null}
            </SimpleGrid>
          ) : null}
          {otherError ? (
            <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert" title="No se pudo dar de alta la cuota">
              {otherError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Guardar cuota
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
