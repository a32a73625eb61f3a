import { Alert, Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { PersonPageSections } from '../../../components/ui/page-sections';
import { personTexts } from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePerson } from '../api/get-person';
import { FosterProfile } from '../components/foster-profile';
import { PersonActions } from '../components/person-actions';
import { PersonBadges, personFullName } from '../components/person-badges';
import { PersonBlock } from '../components/person-block';
import { PersonDetails } from '../components/person-details';
import { PersonDuplicates } from '../components/person-duplicates';
import { PersonHistory } from '../components/person-history';
import { PersonIdentityForm } from '../components/person-identity-form';
import { PersonLinks } from '../components/person-links';
import { PersonMessages } from '../components/person-messages';
import { PortalLinkCard } from '../components/portal-link-card';
import classes from './persona.module.css';
import { useCapabilities } from '../../../lib/role-lookup';

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** Persona (/personas/{id}): identity, roles and consent; block; duplicates; requests and registrations; messages; history. */
function PersonaScreen() {
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const person = usePerson(id);
  const may = useCapabilities();
  // The RGPD export and anonymisation: the roles the permission table gives them to (administrators).
  const isAdministrator = may('personas.rgpd');
  // Voluntariado reads persons (document, address and phone as ***) and changes nothing of them.
  const canEdit = may('personas.editar');
  const data = person.data;
  const name = data ? personFullName(data) || 'Sin nombre' : 'Persona';
  const anonymised = data?.anonimizada === true;

  return (
    <Stack gap="lg">
      <title>{`${name} · Personas · Refugio Admin`}</title>
      <div>
        <Breadcrumbs mb="xs" separator="›">
          <Anchor component={Link} to="/personas" size="sm">
            Personas
          </Anchor>
          <Text size="sm" c="dimmed">
            {name}
          </Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={1} fz="h2">
              {name}
            </Title>
            {data ? (
              <Stack gap={4}>
                <PersonBadges person={data} />
                <Text size="sm" c="dimmed">
                  En el registro desde el {formatDateTime(data.createdAt)}
                </Text>
              </Stack>
            ) : null}
          </div>
          {data && !anonymised && canEdit ? <PersonActions person={data} isAdministrator={isAdministrator} /> : null}
        </Group>
      </div>
      {id === null ? (
        <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="Persona no encontrada">
          La dirección no indica una persona válida.
        </Alert>
      ) : data ? (
        <div className={classes.layout}>
          <Stack gap="md" className={classes.main}>
            {anonymised ? (
              <Alert color="gray" variant="light" title={personTexts.anonymised}>
                Sus datos personales se borraron. Sus solicitudes y registros se conservan sin identidad.
              </Alert>
            ) : null}
            {canEdit ? <PersonDuplicates person={data} /> : null}
            {anonymised || !canEdit ? <PersonDetails person={data} /> : <PersonIdentityForm key={data.id} person={data} />}
            {canEdit ? <PersonBlock person={data} /> : null}
            {may('movimientos') ? <FosterProfile personId={data.id} readOnly={anonymised} isFoster={data.roles.includes('acogida')} /> : null}
          </Stack>
          <Stack gap="md" className={classes.side}>
            {anonymised || !may('mensajes') ? null : <PersonMessages person={data} />}
            {!anonymised && data.roles.includes('acogida') && may('movimientos') ? <PortalLinkCard person={data} /> : null}
            {may('adopciones') ? <PersonLinks personId={data.id} /> : null}
            <PersonPageSections personId={data.id} />
            <PersonHistory personId={data.id} personName={name} />
          </Stack>
        </div>
      ) : person.isError ? (
        person.error instanceof ApiError && person.error.status === 404 ? (
          <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden="true" />} title="Persona no encontrada">
            Puede que se haya fusionado con otra ficha. Búscala en Personas.
          </Alert>
        ) : (
          <ListLoadError title="No se pudo cargar la persona" onRetry={() => void person.refetch()}>
            <Text size="sm">{getErrorMessage(person.error)}</Text>
          </ListLoadError>
        )
      ) : (
        <ListLoading label="Cargando la persona..." />
      )}
    </Stack>
  );
}

export { PersonaScreen as Component };
