import { Alert, Anchor, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { type ContractMissing, type ContractMissingField, PERSON_ADDRESS_MAX, PERSON_CITY_MAX, PERSON_DOCUMENT_MAX } from '@refugio/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/get-error-message';
import { type AdopterCompletion, useCompleteAdopter } from '../api/documents';

/** The adopter's fields the dialog can complete in place, with their labels and limits. */
const ADOPTER_FIELDS = [
  { campo: 'persona.documento', key: 'documento', label: 'Documento de identidad', max: PERSON_DOCUMENT_MAX },
  { campo: 'persona.direccion', key: 'direccion', label: 'Dirección', max: PERSON_ADDRESS_MAX },
  { campo: 'persona.ciudad', key: 'ciudad', label: 'Ciudad', max: PERSON_CITY_MAX },
] as const satisfies readonly { campo: ContractMissingField; key: keyof AdopterCompletion; label: string; max: number }[];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the contract would leave blank («—»), said before it is prepared: the adopter's missing document or
 * address with fields to complete them in the person's record right here (and a link to the record), the
 * organisation's missing e-mail or phone with a link to Configuración. Nothing when nothing is missing.
 */
export function ContractMissingData({
  solicitudId,
  personaId,
  faltan,
}: {
  solicitudId: number;
  personaId: number | null;
  faltan: ContractMissing[];
}) {
  const complete = useCompleteAdopter(solicitudId);
  const [values, setValues] = useState<AdopterCompletion>({});
  if (faltan.length === 0) return null;
  const missing = new Set(faltan.map((f) => f.campo));
  const adopterFields = personaId === null ? [] : ADOPTER_FIELDS.filter((f) => missing.has(f.campo));
  const organisationMissing = faltan.some((f) => f.donde === 'organizacion');
  const filled = Object.fromEntries(
    adopterFields.map((f) => [f.key, (values[f.key] ?? '').trim()] as const).filter(([, v]) => v !== ''),
  ) as AdopterCompletion;

  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={20} aria-hidden="true" />} title="Faltan datos para el contrato">
      <Stack gap="xs">
        <Text size="sm">Sin ellos, el contrato mostrará «—» en su lugar. Complétalos antes de prepararlo:</Text>
        <List size="sm" aria-label="Datos que faltan">
          {faltan.map((f) => (
            <List.Item key={f.campo}>{capitalise(f.etiqueta)}</List.Item>
          ))}
        </List>
        {adopterFields.length > 0 && personaId !== null ? (
          <Stack gap={6} component="section" aria-label="Completar los datos de la persona adoptante">
            {adopterFields.map((f) => (
              <TextInput
                key={f.key}
                size="sm"
                label={f.label}
                maxLength={f.max}
                value={values[f.key] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [f.key]: value }));
                }}
              />
            ))}
            {complete.isError ? (
              <Text size="sm" c="red" role="alert">
                {getErrorMessage(complete.error)}
              </Text>
            ) : null}
            <Group gap="sm" justify="space-between">
              <Anchor component={Link} to={`/personas/${personaId}`} size="sm" c="inherit" underline="always" fw={600}>
                Abrir la ficha de la persona
              </Anchor>
              <Button
                size="xs"
                variant="light"
                disabled={Object.keys(filled).length === 0}
                loading={complete.isPending}
                onClick={() => complete.mutate({ personaId, changes: filled }, { onSuccess: () => setValues({}) })}
              >
                Guardar en la ficha
              </Button>
            </Group>
          </Stack>
        ) : null}
        {organisationMissing ? (
          <Text size="sm">
            Los datos de la organización se completan en{' '}
            <Anchor component={Link} to="/configuracion" size="sm" c="inherit" underline="always" fw={600}>
              Configuración
            </Anchor>{' '}
            (administradores).
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
