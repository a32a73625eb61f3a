import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Modelo182Review, countLabel, modelo182PresentInputSchema } from '@refugio/contracts';
import { IconAlertCircle, IconFileCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { pickFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePresentModelo182 } from '../api/modelo-182';
import { issuesByField } from '../lib/issues';
import { useOrganizationToday } from '../lib/use-today';

type Presentation = Modelo182Review['presentaciones'][number];

const day = (iso: string) => iso.split('-').reverse().join('/');
const declarationLabels = { normal: 'Declaración', complementaria: 'Declaración complementaria', sustitutiva: 'Declaración sustitutiva' } as const;
const presentedBy = (p: Presentation) => (p.presentadaPor ? ` por ${p.presentadaPor}` : '');

/**
 * Whether "Marcar como presentado" can be offered for the year (the server decides again): never presented with someone
 * to declare, or presented and changed since; and a day to present it on has come (from 1 January of the next year).
 */
export function canPresent(review: Modelo182Review, today: string): boolean {
  if (`${review.anio + 1}-01-01` > today) return false;
  return review.presentaciones.length === 0 ? review.incluidos.length > 0 : review.cambio !== null;
}

/** The button's label: the first presentation, or the complementary or substitute declaration the file is now. */
export function presentLabel(review: Modelo182Review): string {
  return review.cambio ? `Marcar como presentada la declaración ${review.cambio.tipo}` : 'Marcar como presentado';
}

/**
 * The confirmation of "Marcar como presentado": what it means (the year's file is from then on fixed, and a change
 * becomes a complementary or substitute declaration), the day it was presented and the AEAT's justificante. A refusal
 * keeps the dialog open with what was typed and the server's message.
 */
export function PresentModelo182Dialog({ review, onClose }: { review: Modelo182Review; onClose: () => void }) {
  const today = useOrganizationToday();
  const present = usePresentModelo182();
  const [presentadaEn, setPresentadaEn] = useState(today);
  const [justificante, setJustificante] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverErrors = pickFieldErrors(present.error, ['presentadaEn', 'justificante']);
  const otherError = present.error && !serverErrors.presentadaEn && !serverErrors.justificante ? getErrorMessage(present.error) : null;
  const { anio, cambio } = review;
  const what = cambio ? `la declaración ${cambio.tipo} del modelo 182 de ${anio}` : `el modelo 182 de ${anio}`;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Marcar como presentado el modelo 182 de ${anio}`}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = { anio, presentadaEn, justificante: justificante.trim() };
          const parsed = modelo182PresentInputSchema.safeParse(input);
          const found = parsed.success ? {} : issuesByField(parsed.error);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          present.mutate(input, {
            onSuccess: (saved) => {
              notifications.show({
                color: 'green',
                title: 'Modelo 182 anotado',
                message: `${declarationLabels[saved.tipo]} de ${anio} presentada el ${day(saved.presentadaEn)}.`,
              });
              onClose();
            },
          });
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Anota aquí que presentaste en la AEAT {what}, el archivo que se descarga ahora
            {cambio ? ` (con el justificante anterior ${cambio.justificanteAnterior})` : ''}.
          </Text>
          <Text size="sm">
            Desde entonces el archivo de {anio} no cambia sin avisar: si después se anula un donativo o se corrige un NIF, el archivo pasa a ser una
            declaración <strong>complementaria</strong> (solo añade donantes que faltaban) o <strong>sustitutiva</strong> (sustituye a esta), con el
            justificante de esta. No se puede deshacer.
          </Text>
          <TextInput
            type="date"
            label="Fecha de presentación"
            min={`${anio + 1}-01-01`}
            max={today}
            value={presentadaEn}
            onChange={(e) => setPresentadaEn(e.currentTarget.value)}
            error={errors.presentadaEn ?? serverErrors.presentadaEn ?? null}
            required
          />
          <TextInput
            label="Número de justificante"
            description="Las 13 cifras que da la AEAT al presentar; empieza por 182."
            inputMode="numeric"
            autoComplete="off"
            maxLength={13}
            value={justificante}
            onChange={(e) => setJustificante(e.currentTarget.value)}
            error={errors.justificante ?? serverErrors.justificante ?? null}
            required
            data-autofocus
          />
          {otherError ? (
            <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert" title="No se pudo anotar la presentación">
              {otherError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={present.isPending}>
              Marcar como presentado
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What the next file is once the year changed after its last presentation. */
function ChangeExplained({ cambio }: { cambio: NonNullable<Modelo182Review['cambio']> }) {
  const counts = [
    countLabel(cambio.altas, 'donante nuevo', 'donantes nuevos'),
    countLabel(cambio.cambios, 'importe cambiado', 'importes cambiados'),
    countLabel(cambio.bajas, 'donante que ya no se declara', 'donantes que ya no se declaran'),
  ];
  return (
    <Stack gap={4}>
      <Text size="sm">Ha cambiado desde entonces: {counts.join(', ')}.</Text>
      <Text size="sm">
        El archivo que se descarga ahora es una declaración <strong>{cambio.tipo}</strong> de la anterior ({cambio.justificanteAnterior}):{' '}
        {cambio.tipo === 'complementaria'
          ? 'solo lleva los donantes que faltaban.'
          : 'lleva a todos los donantes y sustituye por completo a la presentada.'}{' '}
        Descárgala, preséntala en la AEAT y anótala aquí.
      </Text>
    </Stack>
  );
}

/** The year's presentations (who recorded each and when), and what the file is once something changed after the last. */
export function Presented({ review }: { review: Modelo182Review }) {
  const last = review.presentaciones.at(-1);
  if (!last) return null;
  return (
    <Alert
      color={review.cambio ? 'orange' : 'blue'}
      icon={<IconFileCheck size={20} aria-hidden="true" />}
      title={`Presentado el ${day(last.presentadaEn)}${presentedBy(last)} (justificante ${last.justificante})`}
    >
      <Stack gap="xs">
        {review.cambio ? (
          <ChangeExplained cambio={review.cambio} />
        ) : (
          <Text size="sm">Nada ha cambiado desde la presentación: el archivo es el presentado.</Text>
        )}
        {review.presentaciones.length > 1 ? (
          <List size="sm" aria-label="Presentaciones del año">
            {review.presentaciones.map((p) => (
              <List.Item key={p.id}>
                {declarationLabels[p.tipo]} presentada el {day(p.presentadaEn)}
                {presentedBy(p)}, justificante {p.justificante}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}
