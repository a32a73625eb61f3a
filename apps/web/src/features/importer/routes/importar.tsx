import { Alert, Button, FileButton, Group, Modal, Progress, Select, Stack, Text, Title } from '@mantine/core';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_TYPES,
  IMPORT_TYPES_READY,
  type ImportDateFormat,
  type ImportDryRun,
  type ImportType,
  type ImportUpload,
  importCustomFieldEntity,
  importCustomFieldTarget,
  importStateLabels,
  importTypeLabels,
} from '@refugio/contracts';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useConfirmImport, useImportStatus, useSaveMapping, useUndoImport, useUploadImport } from '../api/importer-api';
import { CreateFieldDialog } from '../components/create-field-dialog';
import { DryRunReport } from '../components/dry-run-report';
import { MappingTable } from '../components/mapping-table';
import { useCapabilities } from '../../../lib/role-lookup';

const ACCEPT = '.xlsx,.csv,.txt,.zip,text/csv,application/zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ready = (tipo: ImportType) => (IMPORT_TYPES_READY as readonly string[]).includes(tipo);

/**
 * Importar (/importar, administrators; DESIGN section 18): a wizard. Upload a spreadsheet, check the mapping of its
 * columns with a preview of the first rows, read the dry run (nothing stored), confirm, follow the job's progress,
 * and undo it if it was the wrong file.
 */
function ImportarScreen() {
  const [tipo, setTipo] = useState<ImportType>('mascotas');
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapeo, setMapeo] = useState<Record<string, string>>({});
  const [formatoFecha, setFormatoFecha] = useState<ImportDateFormat | ''>('');
  const [run, setRun] = useState<ImportDryRun | null>(null);
  const [incluir, setIncluir] = useState<number[]>([]);
  const [importId, setImportId] = useState<string | null>(null);
  const [asking, setAsking] = useState<'confirmar' | 'deshacer' | null>(null);
  /** The column «Crear un campo con esta columna» was asked for. */
  const [newFieldColumn, setNewFieldColumn] = useState<string | null>(null);
  const may = useCapabilities();
  const uploading = useUploadImport();
  const mapping = useSaveMapping();
  const confirm = useConfirmImport();
  const undo = useUndoImport();
  const status = useImportStatus(importId);

  const choose = (file: File | null) => {
    if (!file) return;
    uploading.mutate(
      { file, tipo },
      {
        onSuccess: (answer) => {
          setUpload(answer);
          setMapeo(answer.mapeoSugerido);
          setRun(null);
          setIncluir([]);
        },
      },
    );
  };
  const restart = () => {
    setUpload(null);
    setRun(null);
    setImportId(null);
    setFormatoFecha('');
    setIncluir([]);
    setNewFieldColumn(null);
    uploading.reset();
    mapping.reset();
    confirm.reset();
    undo.reset();
  };
  const test = (rows = incluir) =>
    mapping.mutate({ id: upload!.id, mapeo, formatoFecha: formatoFecha || undefined, incluir: rows }, { onSuccess: setRun });
  // A possible duplicate ticked or unticked: the dry run again with the rows the person chose.
  const include = (fila: number, yes: boolean) => {
    const rows = yes ? [...new Set([...incluir, fila])].sort((a, b) => a - b) : incluir.filter((f) => f !== fila);
    setIncluir(rows);
    test(rows);
  };

  // Pets' and persons' columns may become an own field, for whoever defines them (capability `campos`).
  const fieldEntity = upload ? importCustomFieldEntity(upload.tipo) : null;
  const canCreateField = fieldEntity !== null && may('campos');

  const current = status.data;
  const finished = current && current.estado !== 'en_curso';

  return (
    <Stack gap="lg" maw={1000}>
      <title>Importar · Refugio Admin</title>
      <Title order={1}>Importar</Title>

      {importId && current ? (
        <Stack gap="md">
          <Title order={2}>{finished ? 'Importación ' + importStateLabels[current.estado].toLowerCase() : 'Importando…'}</Title>
          <Progress value={current.progreso} size="lg" aria-label={`Progreso de la importación: ${current.progreso} %`} />
          <Text size="sm" role="status">
            {current.procesadas} de {current.filas} filas: {current.creados} {current.creados === 1 ? 'creado' : 'creados'}, {current.actualizados}{' '}
            {current.actualizados === 1 ? 'completado' : 'completados'}, {current.omitidos} {current.omitidos === 1 ? 'omitido' : 'omitidos'},{' '}
            {current.errores.length} con errores.
            {current.estado === 'deshecha'
              ? ` Deshecha: ${current.deshechos} quitados, ${current.conservados} conservados porque cambiaron después.`
              : ''}
          </Text>
          {current.estado === 'fallida' ? (
            <Alert color="red" title="La importación se detuvo" role="alert">
              Lo importado hasta ahora se puede deshacer. Revisa «Pendientes» para ver el error.
            </Alert>
          ) : null}
          {undo.error ? (
            <Alert color="red" title="No se pudo deshacer" role="alert">
              {getErrorMessage(undo.error)}
            </Alert>
          ) : null}
          {finished ? (
            <Group>
              {current.estado !== 'deshecha' && current.creados > 0 ? (
                <Button color="red.9" variant="outline" onClick={() => setAsking('deshacer')} loading={undo.isPending}>
                  Deshacer importación
                </Button>
              ) : null}
              <Button variant="default" onClick={restart}>
                Importar otro archivo
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : upload ? (
        <Stack gap="md">
          <Title order={2}>Columnas de «{upload.archivo}»</Title>
          <Text size="sm">
            {upload.filas} {upload.filas === 1 ? 'fila' : 'filas'} de {importTypeLabels[upload.tipo].toLowerCase()}. Revisa a qué dato va cada
            columna; lo que elijas se recordará para la próxima hoja con las mismas cabeceras.
          </Text>
          <MappingTable
            upload={upload}
            mapeo={mapeo}
            onChange={(columna, campo) => setMapeo((m) => ({ ...m, [columna]: campo }))}
            onCreateField={canCreateField ? setNewFieldColumn : undefined}
          />
          {fieldEntity ? (
            <CreateFieldDialog
              entidad={fieldEntity}
              columna={newFieldColumn}
              valores={newFieldColumn === null ? [] : upload.muestra.map((row) => row[newFieldColumn] ?? '')}
              onClose={() => setNewFieldColumn(null)}
              onCreated={(field) => {
                // The new field is a target of this file at once, and the column goes to it.
                const campo = importCustomFieldTarget(field.clave);
                const columna = newFieldColumn;
                setUpload(
                  (u) =>
                    u && {
                      ...u,
                      campos: [...u.campos, campo],
                      camposPropios: [...u.camposPropios, { campo, etiqueta: field.etiqueta, tipo: field.tipo }],
                    },
                );
                if (columna !== null) setMapeo((m) => ({ ...m, [columna]: campo }));
                setNewFieldColumn(null);
              }}
            />
          ) : null}
          <Select
            label="Formato de las fechas"
            description="Déjalo en automático si las fechas son dd/mm/aaaa o aaaa-mm-dd."
            data={[{ value: '', label: 'Automático' }, ...IMPORT_DATE_FORMATS.map((f) => ({ value: f, label: f }))]}
            value={formatoFecha}
            onChange={(v) => setFormatoFecha(v ?? '')}
            allowDeselect={false}
            maw={300}
          />
          {mapping.error ? (
            <Alert color="red" title="Revisa la asignación" role="alert">
              {getErrorMessage(mapping.error)}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={() => test()} loading={mapping.isPending}>
              Probar sin guardar
            </Button>
            <Button variant="default" onClick={restart}>
              Elegir otro archivo
            </Button>
          </Group>
          {run ? (
            <>
              <DryRunReport run={run} archivo={upload.archivo} onInclude={include} deciding={mapping.isPending} />
              {confirm.error ? (
                <Alert color="red" title="No se pudo importar" role="alert">
                  {getErrorMessage(confirm.error)}
                </Alert>
              ) : null}
              <Group>
                <Button onClick={() => setAsking('confirmar')} disabled={run.crear + run.actualizar === 0} loading={confirm.isPending}>
                  Importar {run.crear + run.actualizar} {run.crear + run.actualizar === 1 ? 'fila' : 'filas'}
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Sube una hoja de cálculo (.xlsx, o .csv separado por comas o por punto y coma) con lo que ya tienes: mascotas, personas, cuidados
            (vacunas, desparasitaciones y pesos) o donativos (donante, fecha, importe). También sirve la exportación CSV de Animal Shelter Manager.
            Para traer las fotos de las mascotas, sube un .zip con la hoja y las fotos, y una columna «Foto» con el nombre de cada archivo. Primero
            verás qué se crearía; no se guarda nada hasta que lo confirmes.
          </Text>
          <Select
            label="Qué contiene el archivo"
            data={IMPORT_TYPES.map((t) => ({
              value: t,
              label: ready(t) ? importTypeLabels[t] : `${importTypeLabels[t]} (próximamente)`,
              disabled: !ready(t),
            }))}
            value={tipo}
            onChange={(v) => v && setTipo(v)}
            allowDeselect={false}
            maw={400}
          />
          <FileDropZone
            onFiles={(files) => choose(files[0] ?? null)}
            hint="Arrastra la hoja de cálculo aquí, o"
            activeHint="Suelta la hoja para leerla"
            disabled={uploading.isPending}
          >
            <FileButton accept={ACCEPT} onChange={choose}>
              {(props) => (
                <Button {...props} variant="default" loading={uploading.isPending} leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}>
                  Elegir hoja de cálculo
                </Button>
              )}
            </FileButton>
          </FileDropZone>
          {uploading.isPending ? (
            <Text size="sm" role="status">
              Leyendo la hoja…
            </Text>
          ) : null}
          {uploading.error ? (
            <Alert color="red" title="No se pudo leer el archivo" role="alert">
              {getErrorMessage(uploading.error)}
            </Alert>
          ) : null}
        </Stack>
      )}

      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'deshacer' ? '¿Deshacer la importación?' : '¿Importar ahora?'}
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
      >
        <Stack gap="md">
          <Text size="sm">
            {asking === 'deshacer'
              ? 'Se quitará lo que esta importación creó, salvo lo que se haya cambiado después. Lo completado en personas que ya existían se queda.'
              : `Se crearán ${run?.crear ?? 0} y se completarán ${run?.actualizar ?? 0} registros. Cada uno dirá en su historial de qué archivo y fila viene.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              Cancelar
            </Button>
            <Button
              color={asking === 'deshacer' ? 'red.9' : undefined}
              onClick={() => {
                const action = asking;
                setAsking(null);
                if (action === 'confirmar' && upload) confirm.mutate(upload.id, { onSuccess: (s) => setImportId(s.id) });
                if (action === 'deshacer' && importId) undo.mutate(importId, { onSuccess: () => void status.refetch() });
              }}
            >
              {asking === 'deshacer' ? 'Deshacer' : 'Importar'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export { ImportarScreen as Component };
