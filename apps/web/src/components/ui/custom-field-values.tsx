import { SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { MASK, formatCustomFieldValue, isEmptyValue, type CustomField, type CustomFieldValues } from '@refugio/contracts';
import { appliesToSpecies } from '../../lib/custom-fields';
import { HIDDEN_FOR_ROLE } from './custom-field-inputs';

interface CustomFieldValuesListProps {
  /** The entity's definitions, archived ones included (`useAllCustomFields`), in order. */
  definitions: readonly CustomField[] | undefined;
  values: CustomFieldValues;
  /** The pet's species: the active fields of other species are left out (unless they hold a value). */
  especie?: string | null;
  /** Only the archived fields that hold a value (beside a form that edits the active ones). */
  archivedOnly?: boolean;
  title?: string;
}

/**
 * A record's own fields (DESIGN section 21) as a description list: label and value as people read it («Sí», a
 * Spanish date, options joined); an archived field that still holds a value is shown too, marked «(archivado)»; a
 * value hidden from this role reads «Oculto para tu rol». Nothing when no field applies.
 */
export function CustomFieldValuesList({ definitions, values, especie, archivedOnly = false, title = 'Campos propios' }: CustomFieldValuesListProps) {
  const headingId = useId();
  const rows = (definitions ?? []).filter((field) => {
    const hasValue = !isEmptyValue(values[field.clave]);
    if (archivedOnly) return field.archivado && hasValue;
    return hasValue || (!field.archivado && appliesToSpecies(field, especie));
  });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} fz="h5" mb="xs" id={headingId}>
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        {rows.map((field) => {
          const value = values[field.clave];
          const text = value === MASK ? HIDDEN_FOR_ROLE : formatCustomFieldValue(field.tipo, value);
          return (
            <div key={field.clave}>
              <Text component="dt" size="sm" fw={600}>
                {field.etiqueta}
                {field.archivado ? ' (archivado)' : ''}
              </Text>
              <Text
                component="dd"
                m={0}
                c={text === '' || value === MASK ? 'dimmed' : undefined}
                style={{ overflowWrap: 'anywhere', whiteSpace: field.tipo === 'texto_largo' ? 'pre-wrap' : undefined }}
              >
                {text === '' ? 'Sin indicar' : text}
              </Text>
            </div>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
