import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { INSPECTION_LIMITS, type InspectionCreated, inspectionMessages, inspectionUntilText } from '@refugio/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreateInspection } from '../api/inspections';

/** A day in the browser's calendar, `days` from today ('YYYY-MM-DD'); the server checks it in the organisation's zone. */
export function localDay(days = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * "Abrir un enlace": who inspects, for which body, until which day (today to 30 days ahead). The address is shown
 * once, with a button to copy it: it is never kept, so it cannot be shown again. What was typed stays on an error.
 */
export function NewInspection() {
  const [nombre, setNombre] = useState('');
  const [organismo, setOrganismo] = useState('');
  const [hasta, setHasta] = useState(() => localDay(7));
  const [made, setMade] = useState<InspectionCreated | null>(null);
  const create = useCreateInspection();
  const min = localDay();
  const max = localDay(INSPECTION_LIMITS.maxDays);
  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors : undefined;
  const localHastaError = hasta !== '' && hasta < min ? inspectionMessages.untilPast : hasta > max ? inspectionMessages.untilTooFar : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (localHastaError) return;
    create.mutate(
      { nombre: nombre.trim(), organismo: organismo.trim(), hasta },
      {
        onSuccess: (link) => {
          setMade(link);
          setNombre('');
          setOrganismo('');
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="nueva-inspeccion">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="nueva-inspeccion">
          Abrir un enlace de inspección
        </Title>
        <Text size="sm" c="dimmed">
          Quien lo reciba podrá consultar, sin cuenta y sin cambiar nada, el libro de registro de todos los años y la ficha de cada animal
          (identificación, vacunas y tratamientos, movimientos). Cada consulta queda anotada.
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group align="flex-start" grow wrap="wrap" preventGrowOverflow={false}>
              <TextInput
                label="Nombre de quien inspecciona"
                value={nombre}
                onChange={(e) => setNombre(e.currentTarget.value)}
                maxLength={INSPECTION_LIMITS.nameChars}
                error={fieldErrors?.nombre}
                required
                miw={220}
              />
              <TextInput
                label="Organismo"
                description="Por ejemplo: Servicio de Sanidad Animal de la Comunidad"
                value={organismo}
                onChange={(e) => setOrganismo(e.currentTarget.value)}
                maxLength={INSPECTION_LIMITS.nameChars}
                error={fieldErrors?.organismo}
                required
                miw={220}
              />
              <TextInput
                type="date"
                label="Válido hasta"
                description={`Como mucho ${INSPECTION_LIMITS.maxDays} días desde hoy`}
                value={hasta}
                min={min}
                max={max}
                onChange={(e) => setHasta(e.currentTarget.value)}
                error={localHastaError ?? fieldErrors?.hasta}
                required
                miw={180}
              />
            </Group>
            {create.isError && !fieldErrors && (
              <Alert color="red" variant="light" role="alert">
                {getErrorMessage(create.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending} disabled={nombre.trim() === '' || organismo.trim() === '' || hasta === ''}>
                Abrir enlace
              </Button>
            </Group>
          </Stack>
        </form>
        {made && (
          <Alert color="teal" variant="light" title="Enlace abierto" role="status">
            <Stack gap="xs">
              <Text size="sm">Copia la dirección ahora y envíala a la inspección: por seguridad no se guarda y no se podrá volver a mostrar.</Text>
              <TextInput label="Dirección del enlace" value={made.url} readOnly onFocus={(e) => e.currentTarget.select()} />
              <Group gap="xs">
                <CopyButton value={made.url} timeout={2000}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant={copied ? 'filled' : 'light'}
                      leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                      onClick={copy}
                    >
                      {copied ? 'Copiado' : 'Copiar enlace'}
                    </Button>
                  )}
                </CopyButton>
                <Text size="xs">Vale {inspectionUntilText(made.hasta)}</Text>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
