import { Select, Table, Text } from '@mantine/core';
import { type ImportField, type ImportUpload, importFieldLabels } from '@refugio/contracts';

/** Step 2: each column of the file with the field it goes to, and the first rows as they will be read. */
export function MappingTable({
  upload,
  mapeo,
  onChange,
}: {
  upload: ImportUpload;
  mapeo: Record<string, string>;
  onChange: (columna: string, campo: string) => void;
}) {
  const options = [
    { value: '', label: 'No importar' },
    ...upload.campos.map((campo) => ({ value: campo, label: importFieldLabels[campo as ImportField] ?? campo })),
  ];
  const taken = new Set(Object.values(mapeo).filter((v) => v !== ''));
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
                <Select
                  aria-label={`Dato para la columna «${columna}»`}
                  data={options.map((o) => ({ ...o, disabled: o.value !== '' && o.value !== mapeo[columna] && taken.has(o.value) }))}
                  value={mapeo[columna] ?? ''}
                  onChange={(value) => onChange(columna, value ?? '')}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
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
