import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import {
  type Fee,
  GIFT_CONCEPTS,
  GIFT_REFERENCE_MAX,
  type GiftInput,
  MONEY_METHODS,
  type PersonRef,
  deductibleByDefault,
  donationMessages,
  feeTypeLabels,
  giftConceptLabels,
  giftInputSchema,
  moneyMethodLabels,
} from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PersonPicker } from '../../../components/ui/person-picker';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateGift } from '../api/gift-actions';
import { formatCents } from '../lib/money';
import { issuesByField, serverFieldErrors } from '../lib/issues';
import { useOrganizationToday } from '../lib/use-today';
import { PetSelect } from './pet-select';

interface GiftDraft {
  persona: PersonRef | null;
  importe: string;
  fecha: string;
  metodo: string;
  concepto: string;
  cuotaId: string;
  mascota: PersonRef | null;
  referencia: string;
  /** null: as its concept says (Ley 49/2002: `evento` and `otro` are not deductible); set once the switch is changed. */
  deducible: boolean | null;
}

/** What is sent: the amount as typed ("12,50"); without a person, an anonymous gift. */
export function giftInputOf(draft: GiftDraft): GiftInput {
  return {
    ...(draft.persona ? { personaId: draft.persona.id } : {}),
    importe: draft.importe.trim(),
    fecha: draft.fecha,
    metodo: draft.metodo as GiftInput['metodo'],
    concepto: draft.concepto as GiftInput['concepto'],
    ...(draft.persona && draft.cuotaId ? { cuotaId: Number(draft.cuotaId) } : {}),
    ...(draft.mascota ? { mascotaId: draft.mascota.id } : {}),
    ...(draft.referencia.trim() ? { referencia: draft.referencia } : {}),
    ...(draft.deducible !== null ? { deducible: draft.deducible } : {}),
  };
}

export interface GiftFormProps {
  /** The person it comes from, fixed (the person page); otherwise chosen here, or none for an anonymous gift. */
  person?: PersonRef;
  /** That person's fees, to tie a fee's payment to it. */
  fees?: Fee[];
  onDone: () => void;
  onCancel: () => void;
}

/**
 * "Registrar donativo": money received, from a person or anonymous. Checked with the contracts' schema here and again
 * by the server (no future date, a fee of that same person); a failed request keeps everything typed.
 */
export function GiftForm({ person, fees = [], onDone, onCancel }: GiftFormProps) {
  const today = useOrganizationToday();
  const [draft, setDraft] = useState<GiftDraft>({
    persona: person ?? null,
    importe: '',
    fecha: today,
    metodo: 'transferencia',
    concepto: 'donativo',
    cuotaId: '',
    mascota: null,
    referencia: '',
    deducible: null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateGift();
  const set = <K extends keyof GiftDraft>(key: K, value: GiftDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const shownFields = ['personaId', 'importe', 'fecha', 'metodo', 'concepto', 'cuotaId', 'mascotaId', 'referencia', 'deducible'];
  const concepto = draft.concepto as GiftInput['concepto'];
  const byDefault = deductibleByDefault(concepto);
  const otherError =
    create.error && !Object.keys(serverFieldErrors(create.error)).some((k) => shownFields.includes(k)) ? getErrorMessage(create.error) : null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="nuevo-donativo-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = giftInputOf(draft);
          const parsed = giftInputSchema.safeParse(input);
          const found = parsed.success ? {} : issuesByField(parsed.error);
          if (draft.fecha > today) found.fecha ??= donationMessages.dateInFuture;
          if (Object.keys(found).length > 0) {
            setErrors(found);
            return;
          }
          setErrors({});
          create.mutate(input, { onSuccess: onDone, onError: (error) => setErrors(serverFieldErrors(error)) });
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4" id="nuevo-donativo-title">
            Registrar donativo
          </Title>
          {person ? null : (
            <PersonPicker
              label="Persona (vacío: anónimo)"
              value={draft.persona}
              onChange={(p) => set('persona', p)}
              error={errors.personaId ?? null}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Importe (€)"
              description="Por ejemplo, 12,50"
              inputMode="decimal"
              autoComplete="off"
              value={draft.importe}
              onChange={(e) => set('importe', e.currentTarget.value)}
              error={errors.importe ?? null}
              required
            />
            <TextInput
              type="date"
              label="Fecha"
              max={today}
              value={draft.fecha}
              onChange={(e) => set('fecha', e.currentTarget.value)}
              error={errors.fecha ?? null}
              required
            />
            <Select
              label="Forma de pago"
              data={MONEY_METHODS.map((m) => ({ value: m, label: moneyMethodLabels[m] }))}
              value={draft.metodo}
              onChange={(v) => set('metodo', v ?? 'transferencia')}
              allowDeselect={false}
              error={errors.metodo ?? null}
              required
            />
            <Select
              label="Concepto"
              data={GIFT_CONCEPTS.map((c) => ({ value: c, label: giftConceptLabels[c] }))}
              value={draft.concepto}
              onChange={(v) => set('concepto', v ?? 'donativo')}
              allowDeselect={false}
              error={errors.concepto ?? null}
              required
            />
            {fees.length > 0 ? (
              <Select
                label="Cuota que paga"
                placeholder="Ninguna"
                clearable
                clearButtonProps={{ 'aria-label': 'Quitar la cuota' }}
                data={fees.map((f) => ({
                  value: String(f.id),
                  label: `${feeTypeLabels[f.tipo]} · ${formatCents(f.importeCentimos)}${f.mascota ? ` · ${f.mascota.nombre}` : ''}`,
                }))}
                value={draft.cuotaId || null}
                onChange={(v) => set('cuotaId', v ?? '')}
                error={errors.cuotaId ?? null}
              />
            ) : null}
            <PetSelect label="Mascota (opcional)" value={draft.mascota} onChange={(p) => set('mascota', p)} error={errors.mascotaId} />
            <TextInput
              label="Referencia (opcional)"
              maxLength={GIFT_REFERENCE_MAX}
              value={draft.referencia}
              onChange={(e) => set('referencia', e.currentTarget.value)}
              error={errors.referencia ?? null}
            />
          </SimpleGrid>
          <Switch
            label="Deducible"
            aria-label="Deducible"
            description={`Solo un donativo sin contraprestación es deducible (Ley 49/2002): entra en el certificado y en el modelo 182. Por su concepto (${giftConceptLabels[concepto]}), ${byDefault ? 'lo es' : 'no lo es'} por defecto; una entrada o una cuota de adopción no lo son.`}
            checked={draft.deducible ?? byDefault}
            onChange={(e) => set('deducible', e.currentTarget.checked)}
            error={errors.deducible ?? null}
          />
          {otherError ? (
            <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert" title="No se pudo registrar el donativo">
              {otherError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Guardar donativo
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
