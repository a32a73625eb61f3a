import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MASK, type Person, personRoleLabels } from '@refugio/contracts';
import { CustomFieldValuesList } from '../../../components/ui/custom-field-values';
import { camposOf } from '../../../lib/custom-fields';
import { useAllCustomFields } from '../../../lib/custom-field-definitions';
import { formatDateTime } from '../../../lib/format-date';
import { personFieldLabels } from '../lib/person-form-values';

const NOT_GIVEN = 'Sin indicar';

/** "Sí, desde el 1/11/2026 10:00 · formulario de adopción": a consent and, when recorded, when and how it was given. */
function consentText(given: boolean, origin: Person['consentimientosOrigen']['email'] | undefined): string {
  const detail = origin ? [origin.en ? `desde el ${formatDateTime(origin.en)}` : null, origin.fuente || null].filter(Boolean).join(' · ') : '';
  return given ? (detail ? `Sí, ${detail}` : 'Sí') : detail ? `No (${detail})` : 'No';
}

/** A value as read: hidden from this role (`***`), not given, or as written (a phone never split across lines). */
function Value({ value, noWrap = false }: { value: string | null | undefined; noWrap?: boolean }) {
  const text = value?.trim() ?? '';
  if (text === MASK || text === '')
    return (
      <Text component="dd" m={0} c="dimmed">
        {text === MASK ? 'Oculto para tu rol' : NOT_GIVEN}
      </Text>
    );
  return (
    <Text component="dd" m={0} style={noWrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/**
 * A person's identity, roles and consents for a role that reads them and changes nothing (Voluntariado) and for an
 * anonymised person: text in a description list, not greyed-out fields.
 */
export function PersonDetails({ person }: { person: Person }) {
  const customFields = useAllCustomFields('persona');
  const rows: { label: string; value: string | null; noWrap?: boolean }[] = [
    { label: personFieldLabels.nombre, value: person.nombre },
    { label: personFieldLabels.apellidos, value: person.apellidos },
    { label: personFieldLabels.email, value: person.email },
    { label: personFieldLabels.telefono, value: person.telefono, noWrap: true },
    { label: personFieldLabels.documento, value: person.documento },
    { label: personFieldLabels.nif, value: person.nif },
    { label: personFieldLabels.ciudad, value: person.ciudad },
    { label: personFieldLabels.codigoPostal, value: person.codigoPostal },
    { label: personFieldLabels.direccion, value: person.direccion },
    { label: personFieldLabels.roles, value: person.roles.map((rol) => personRoleLabels[rol]).join(', ') },
    { label: 'Correos del refugio', value: consentText(person.consentimientos.email, person.consentimientosOrigen.email) },
    { label: 'WhatsApp', value: consentText(person.consentimientos.whatsapp, person.consentimientosOrigen.whatsapp) },
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="person-identity-title">
      <Title order={2} fz="h4" mb="sm" id="person-identity-title">
        Datos de la persona
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        {rows.map((row) => (
          <div key={row.label}>
            <Text component="dt" size="sm" fw={600}>
              {row.label}
            </Text>
            <Value value={row.value} noWrap={row.noWrap} />
          </div>
        ))}
      </SimpleGrid>
      {person.anonimizada ? null : (
        <Stack mt="lg">
          <CustomFieldValuesList definitions={customFields.data} values={camposOf(person)} />
        </Stack>
      )}
    </Paper>
  );
}
