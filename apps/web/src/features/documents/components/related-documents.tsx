import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { documentTypeLabels } from '@refugio/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { useDocuments } from '../api/documents';
import { DocumentStateBadge } from './document-state';

/** The documents of a pet or of a person (contracts and actas), each named by its type, with its state and a link to its request or pet. */
export function RelatedDocuments({ mascotaId, personaId }: { mascotaId?: number; personaId?: number }) {
  const filter = mascotaId !== undefined ? { mascotaId } : { personaId };
  const documents = useDocuments(filter);
  const items = documents.data ?? [];
  if (documents.isPending || (documents.isSuccess && items.length === 0)) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="documentos-title">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="documentos-title">
          Contratos y actas
        </Title>
        {documents.isError ? (
          <Text size="sm" c="red">
            No se pudieron cargar los documentos.
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((d) => (
              <Group component="li" key={d.id} gap="xs" wrap="wrap">
                <DocumentStateBadge estado={d.estado} />
                <Text size="sm">
                  {documentTypeLabels[d.tipo]}
                  {mascotaId !== undefined ? (d.persona ? ` con ${d.persona.nombre}` : '') : d.mascota ? ` de ${d.mascota.nombre}` : ''} ·{' '}
                  {formatDate(d.creadoEn)}
                </Text>
                {d.solicitudId !== null ? (
                  <Anchor component={Link} to={`/formulario/${d.solicitudId}`} size="sm">
                    Solicitud nº {d.solicitudId}
                  </Anchor>
                ) : d.cesionId !== null ? (
                  <Anchor component={Link} to={`/cesiones/${d.cesionId}`} size="sm">
                    Solicitud de cesión nº {d.cesionId}
                  </Anchor>
                ) : mascotaId === undefined && d.tipo === 'acta_devolucion' && d.mascota ? (
                  <Anchor component={Link} to={`/mascota/${d.mascota.id}`} size="sm">
                    Ver la devolución en {d.mascota.nombre}
                  </Anchor>
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
