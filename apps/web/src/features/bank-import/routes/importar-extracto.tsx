import { Alert, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import type { BankImport, BankImportResult } from '@refugio/contracts';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useConfirmBankImport } from '../api/confirm-bank-import';
import { usePreviewBankImport } from '../api/preview-bank-import';
import { BankImportReview } from '../components/bank-import-review';

const ACCEPT = '.csv,.txt,.n43,.aeb,.q43,.csb,text/csv,text/plain';

/**
 * Importar extracto (/donativos/importar, administrators): the bank's CSV or Norma 43 file is read on the server as
 * a dry run; staff check who each incoming movement is from, choose the rows and confirm; only then are gifts stored.
 */
function ImportarExtractoScreen() {
  const preview = usePreviewBankImport();
  const confirm = useConfirmBankImport();
  const [importacion, setImportacion] = useState<BankImport | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    setResult(null);
    preview.mutate({ file }, { onSuccess: setImportacion });
  };
  const restart = () => {
    setImportacion(null);
    setResult(null);
    preview.reset();
    confirm.reset();
  };

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Importar extracto</Title>

      {result ? (
        <Alert color="teal" title="Extracto importado" role="status">
          <Stack gap="xs">
            <Text size="sm">
              {result.creados} {result.creados === 1 ? 'donativo registrado' : 'donativos registrados'}
              {result.duplicados > 0
                ? `; ${result.duplicados} ya ${result.duplicados === 1 ? 'estaba registrado' : 'estaban registrados'} y no se repiten`
                : ''}
              {result.omitidos > 0 ? `; ${result.omitidos} ${result.omitidos === 1 ? 'ingreso no elegido' : 'ingresos no elegidos'}` : ''}.
            </Text>
            <Group>
              <Button variant="default" onClick={restart}>
                Importar otro extracto
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : importacion ? (
        <>
          {confirm.error ? (
            <Alert color="red" title="No se pudo registrar" role="alert">
              {getErrorMessage(confirm.error)}
            </Alert>
          ) : null}
          <BankImportReview
            importacion={importacion}
            busy={confirm.isPending}
            onCancel={restart}
            onConfirm={(filas) => confirm.mutate({ id: importacion.id, filas }, { onSuccess: setResult })}
          />
        </>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Sube el extracto tal como lo descarga el banco: CSV (separado por punto y coma o por comas) o Norma 43. Primero verás qué ingresos se
            registrarían y de quién son; no se guarda nada hasta que lo confirmes.
          </Text>
          <FileDropZone
            onFiles={(files) => choose(files[0] ?? null)}
            hint="Arrastra el extracto aquí, o"
            activeHint="Suelta el extracto para leerlo"
            disabled={preview.isPending}
          >
            <FileButton accept={ACCEPT} onChange={choose}>
              {(props) => (
                <Button {...props} variant="default" loading={preview.isPending} leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}>
                  Elegir extracto
                </Button>
              )}
            </FileButton>
          </FileDropZone>
          {preview.isPending ? (
            <Text size="sm" role="status">
              Leyendo el extracto…
            </Text>
          ) : null}
          {preview.error ? (
            <Alert color="red" title="No se pudo leer el extracto" role="alert">
              {getErrorMessage(preview.error)}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

export { ImportarExtractoScreen as Component };
