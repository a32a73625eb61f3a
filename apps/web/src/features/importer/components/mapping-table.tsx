import { Button, Select, Stack, Table, Text } from '@mantine/core';
import { type ImportField, type ImportUpload, importFieldLabels } from '@refugio/contracts';
import { IconPlus } from '@tabler/icons-react';

/**
 * Step 2: each column of the file with the field it goes to (the record's own data, or one of the organisation's
 * own fields), and the first rows as they will be read. `onCreateField`: a column mapped to nothing offers to become
 * a new own field.
 */
export function MappingTable({
  upload,
  mapeo,
  onChange,
  onCreateField,
}: {
  upload: ImportUpload;
  mapeo: Record<string, string>;
  onChange: (columna: string, campo: string) => void;
  onCreateField?: ((columna: string) => void) | undefined;
}) {
  const ownLabels = new Map(upload.camposPropios.map((f) => [f.campo, f.etiqueta]));
  const taken = new Set(Object.values(mapeo).filter((v) => v !== ''));
  const option = (campo: string, label: string, columna: string) => ({
    value: campo,
    label,
    disabled: campo !== mapeo[columna] && taken.has(campo),
  });
  const optionsFor = (columna: string) => {
    const builtIn = upload.campos.filter((c) => !ownLabels.has(c)).map((c) => option(c, importFieldLabels[c as ImportField] ?? c, columna));
    const own = upload.camposPropios.map((f) => option(f.campo, f.etiqueta, columna));
    const none = { value: '', label: 'No importar' };
    return own.length === 0
      ? [none, ...builtIn]
      : [
          { group: 'Datos de la ficha', items: [none, ...builtIn] },
          { group: 'Campos propios', items: own },
        ];
  };
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder>
        <Table.Caption>Columnas del archivo y el dato al que va cada una, con las primeras filas</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Columna del archivo</Table.Th>
            <Table.Th scope="col">Se importa como</Table.Th>
            <Table.Th scope="col">Primeras filas</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upload.columnas.map((columna) => (
            <Table.Tr key={columna}>
              <Table.Th scope="row">{columna}</Table.Th>
              <Table.Td miw={200}>
                <Stack gap={4} align="flex-start">
                  <Select
                    aria-label={`Dato para la columna «${columna}»`}
                    data={optionsFor(columna)}
                    value={mapeo[columna] ?? ''}
                    onChange={(value) => onChange(columna, value ?? '')}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    w="100%"
                  />
                  {onCreateField && (mapeo[columna] ?? '') === '' ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} aria-hidden="true" />}
                      aria-label={`Crear un campo con esta columna: «${columna}»`}
                      onClick={() => onCreateField(columna)}
                    >
                      Crear un campo con esta columna
                    </Button>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {upload.muestra
                    .map((row) => row[columna] ?? '')
                    .filter((v) => v !== '')
                    .join(' · ') || '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
