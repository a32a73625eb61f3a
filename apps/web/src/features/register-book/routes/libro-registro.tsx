import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PROCEDENCIAS, PROCEDENCIA_SIN_INDICAR, type RegisterBookVerification, countLabel, procedenciaLabels } from '@refugio/contracts';
import { IconDownload, IconPrinter, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDownloadRegisterBook, useRegisterBook, useVerifyRegisterBook } from '../api/register-book';
import { BookLines } from '../components/book-lines';
import { type BookFilters, NO_FILTERS, filterLines, readYear, speciesOf, yearsUpTo } from '../lib/filters';

function VerificationResult({ anio, result }: { anio: number; result: RegisterBookVerification }) {
  if (result.integro) {
    return (
      <Alert color="green" title={`El libro de ${anio} está íntegro`} role="status">
        {result.lineas === 0
          ? 'No tiene líneas cerradas que comprobar.'
          : `${countLabel(result.lineas, 'línea cerrada comprobada', 'líneas cerradas comprobadas')}: ninguna ha cambiado desde que se cerró.`}
      </Alert>
    );
  }
  return (
    <Alert color="red" title={`El libro de ${anio} no está íntegro`} role="alert">
      {`La línea nº ${result.primeraRota} no coincide con su hash o con la cadena que la une a la anterior: alguien la ha cambiado fuera de la aplicación. Guarda una copia y avisa a quien administra el servidor.`}
    </Alert>
  );
}

/**
 * Libro de registro (/libro-registro, administrators and the team): the year's register book of the "núcleo
 * zoológico" (DESIGN section 16), filtered in the browser, as PDF or Excel, and its integrity check.
 */
function LibroRegistroScreen() {
  const current = new Date().getFullYear();
  const [params, setParams] = useSearchParams();
  const anio = readYear(params.get('anio'), current);
  const [filters, setFilters] = useState<BookFilters>(NO_FILTERS);
  const book = useRegisterBook(anio);
  const verify = useVerifyRegisterBook();
  const download = useDownloadRegisterBook();
  const lines = book.data ? filterLines(book.data.lineas, filters) : [];
  const years = yearsUpTo(Math.max(current, anio));
  const setYear = (value: string | null) => {
    if (!value) return;
    verify.reset();
    setParams(new URLSearchParams({ anio: value }));
  };
  const set = (field: keyof BookFilters) => (value: string | null) => setFilters((f) => ({ ...f, [field]: value ?? '' }));

  return (
    <Stack gap="lg">
      <title>Libro de registro · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Libro de registro
        </Title>
        <Text c="dimmed">
          Cada entrada y salida de animales del núcleo zoológico, numerada por año. Una línea se cierra cuando el animal sale y ya no cambia: una
          corrección posterior añade una línea de rectificación.
        </Text>
      </div>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Año y filtros">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select label="Año" data={years.map(String)} value={String(anio)} onChange={setYear} allowDeselect={false} checkIconPosition="right" />
          <Select
            label="Especie"
            placeholder="Todas"
            data={book.data ? speciesOf(book.data.lineas) : []}
            value={filters.especie || null}
            onChange={set('especie')}
            clearable
          />
          <Select
            label="Estado"
            placeholder="Todas"
            data={[
              { value: 'abierta', label: 'Abiertas' },
              { value: 'cerrada', label: 'Cerradas' },
            ]}
            value={filters.estado || null}
            onChange={set('estado')}
            clearable
          />
          <Select
            label="Procedencia"
            placeholder="Todas"
            data={[...PROCEDENCIAS.map((p) => ({ value: p, label: procedenciaLabels[p] })), { value: PROCEDENCIA_SIN_INDICAR, label: 'Sin indicar' }]}
            value={filters.procedencia || null}
            onChange={set('procedencia')}
            clearable
          />
        </SimpleGrid>
        <Group mt="md" gap="sm">
          <Button
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={download.isPending && download.variables?.formato === 'pdf'}
            onClick={() => download.mutate({ anio, formato: 'pdf' })}
          >
            Descargar PDF
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={download.isPending && download.variables?.formato === 'xlsx'}
            onClick={() => download.mutate({ anio, formato: 'xlsx' })}
          >
            Descargar Excel
          </Button>
          <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden="true" />} onClick={() => window.print()}>
            Imprimir
          </Button>
          <Button
            variant="outline"
            leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
            loading={verify.isPending}
            onClick={() => verify.mutate(anio)}
          >
            Verificar
          </Button>
        </Group>
        {download.isError ? (
          <Alert color="red" mt="md" role="alert" title="No se pudo descargar el libro">
            {getErrorMessage(download.error)}
          </Alert>
        ) : null}
      </Paper>

      {verify.isError ? (
        <Alert color="red" role="alert" title="No se pudo verificar el libro">
          {getErrorMessage(verify.error)}
        </Alert>
      ) : verify.data && verify.variables === anio ? (
        <VerificationResult anio={anio} result={verify.data} />
      ) : null}

      <Stack gap="xs" component="section" aria-labelledby="libro-lineas">
        <Group justify="space-between">
          <Title order={2} fz="h3" id="libro-lineas">
            {`Líneas de ${anio}`}
          </Title>
          {book.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(lines.length, 'línea', 'líneas')}
            </Text>
          ) : null}
        </Group>
        {book.data?.completo === false ? (
          <Alert color="yellow" role="status" title="El libro se está completando">
            Se están escribiendo las líneas de los animales registrados antes del libro: pueden faltar algunas. Vuelve a abrirlo en unos minutos.
          </Alert>
        ) : null}
        {book.isPending ? (
          <ListLoading label="Cargando el libro…" />
        ) : book.isError ? (
          <ListLoadError title="No se pudo cargar el libro" onRetry={() => void book.refetch()}>
            {getErrorMessage(book.error)}
          </ListLoadError>
        ) : lines.length === 0 ? (
          <Text>{book.data.lineas.length === 0 ? `No hay líneas en el libro de ${anio}.` : 'Ninguna línea coincide con estos filtros.'}</Text>
        ) : (
          <BookLines lines={lines} />
        )}
      </Stack>
    </Stack>
  );
}

export { LibroRegistroScreen as Component };
