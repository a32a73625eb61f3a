import { Alert, Button, Fieldset, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  fiscalIdProblem,
  fiscalMessages,
  ibanProblem,
  isValidSepaCreditorId,
  normaliseFiscalId,
  normaliseIban,
  normaliseSepaCreditorId,
  ORGANIZATION_CAPACITY_MAX,
  ORGANIZATION_REGISTRY_MAX,
  PET_TYPES,
  type PetType,
  type OrganizationSettings,
  organizationMessages,
} from '@refugio/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { lacksContact, organizationSettingsQueryOptions } from '../../../lib/organization-settings';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { useSaveOrganization } from '../api/organization';
import { EmbedCode } from '../components/embed-code';

type TextField = 'nombre' | 'email' | 'telefono' | 'direccion' | 'web' | 'zonaHoraria' | FiscalText;
type FiscalText = 'nif' | 'registroEntidades' | 'nucleoZoologico' | 'acreedorSepa' | 'ibanAcreedor';
/** The places per species as typed: '' is no limit. */
type Draft = Record<TextField, string> & { ley49: boolean; contactoAcogidaVoluntariado: boolean; capacidad: Record<PetType, string> };

const capacityDraft = (org: OrganizationSettings): Record<PetType, string> =>
  Object.fromEntries(PET_TYPES.map((t) => [t, org.capacidad[t] === null ? '' : String(org.capacidad[t])])) as Record<PetType, string>;

/** The places the server would refuse (not a whole number from 0 to 10 000), with its words. */
function capacityProblems(capacidad: Record<PetType, string>): Partial<Record<PetType, string>> {
  const problems: Partial<Record<PetType, string>> = {};
  for (const t of PET_TYPES) {
    const value = capacidad[t].trim();
    if (value === '') continue;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n > ORGANIZATION_CAPACITY_MAX) problems[t] = organizationMessages.capacityInvalid;
  }
  return problems;
}

const toDraft = (org: OrganizationSettings): Draft => ({
  nombre: org.nombre ?? '',
  email: org.email ?? '',
  telefono: org.telefono ?? '',
  direccion: org.direccion ?? '',
  web: org.web ?? '',
  zonaHoraria: org.zonaHoraria,
  nif: org.nif ?? '',
  ley49: org.ley49,
  registroEntidades: org.registroEntidades ?? '',
  nucleoZoologico: org.nucleoZoologico ?? '',
  acreedorSepa: org.acreedorSepa ?? '',
  ibanAcreedor: org.ibanAcreedor ?? '',
  contactoAcogidaVoluntariado: org.contactoAcogidaVoluntariado,
  capacidad: capacityDraft(org),
});

/** The fiscal data the server would refuse, with the same Spanish words (nothing is sent while one is wrong). */
function fiscalProblems(draft: Draft): Partial<Record<FiscalText, string>> {
  const problems: Partial<Record<FiscalText, string>> = {};
  const nif = draft.nif.trim() === '' ? null : fiscalIdProblem(draft.nif);
  if (nif) problems.nif = nif;
  if (draft.acreedorSepa.trim() !== '' && !isValidSepaCreditorId(draft.acreedorSepa)) problems.acreedorSepa = fiscalMessages.sepaCreditorId;
  const iban = draft.ibanAcreedor.trim() === '' ? null : ibanProblem(draft.ibanAcreedor);
  if (iban) problems.ibanAcreedor = iban;
  if (draft.registroEntidades.trim().length > ORGANIZATION_REGISTRY_MAX) problems.registroEntidades = organizationMessages.registryTooLong;
  if (draft.nucleoZoologico.trim().length > ORGANIZATION_REGISTRY_MAX) problems.nucleoZoologico = organizationMessages.zooNucleusTooLong;
  return problems;
}

function OrganizationForm({ org }: { org: OrganizationSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(org));
  const [problems, setProblems] = useState<Partial<Record<FiscalText, string>>>({});
  const [capacityErrors, setCapacityErrors] = useState<Partial<Record<PetType, string>>>({});
  const save = useSaveOrganization();
  const saved = toDraft(org);
  const dirty =
    (Object.keys(draft) as (keyof Draft)[]).some((k) => k !== 'capacidad' && draft[k] !== saved[k]) ||
    PET_TYPES.some((t) => draft.capacidad[t] !== saved.capacidad[t]);
  useUnsavedChangesPrompt(dirty);
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : undefined;
  const field = (name: TextField) => ({
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [name]: value }));
    },
    error: (name in problems ? problems[name as FiscalText] : undefined) ?? fieldErrors?.[name],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fiscalProblems(draft);
    setProblems(found);
    const wrongPlaces = capacityProblems(draft.capacidad);
    setCapacityErrors(wrongPlaces);
    if (Object.keys(found).length > 0 || Object.keys(wrongPlaces).length > 0) return;
    const optional = (value: string) => (value.trim() === '' ? null : value.trim());
    save.mutate(
      {
        ...draft,
        email: draft.email || null,
        telefono: draft.telefono || null,
        direccion: draft.direccion || null,
        web: draft.web || null,
        // The NIF and the creditor identifier as the server stores them (G12345674, ES23ZZZ47690558N).
        nif: optional(draft.nif) && normaliseFiscalId(draft.nif),
        registroEntidades: optional(draft.registroEntidades),
        nucleoZoologico: optional(draft.nucleoZoologico),
        acreedorSepa: optional(draft.acreedorSepa) && normaliseSepaCreditorId(draft.acreedorSepa),
        ibanAcreedor: optional(draft.ibanAcreedor) && normaliseIban(draft.ibanAcreedor),
        capacidad: Object.fromEntries(PET_TYPES.map((t) => [t, draft.capacidad[t].trim() === '' ? null : Number(draft.capacidad[t].trim())])),
        version: org.version,
      },
      {
        onSuccess: (next) => {
          setDraft(toDraft(next));
          notifications.show({ color: 'teal', message: 'Datos de la organización guardados.' });
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} aria-labelledby="org-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="org-title">
          La organización
        </Title>
        {lacksContact(org) ? (
          <Alert color="orange" title="Falta el contacto de la organización">
            Escribe el nombre y un correo o un teléfono: firman los mensajes y aparecen en el catálogo, los portales y los contratos.
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          Firman cada correo y aparecen en las páginas públicas.
          {org.version === 0 ? ' Ahora se usan los valores de la configuración del servidor.' : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre" required autoComplete="organization" {...field('nombre')} />
          <TextInput label="Correo de contacto" type="email" autoComplete="email" {...field('email')} />
          <TextInput label="Teléfono" type="tel" autoComplete="tel" {...field('telefono')} />
          <TextInput label="Web" type="url" placeholder="https://" autoComplete="url" {...field('web')} />
          <TextInput label="Dirección" autoComplete="street-address" {...field('direccion')} />
          <TextInput label="Zona horaria" description="Por ejemplo, Europe/Madrid o America/Mexico_City" required {...field('zonaHoraria')} />
        </SimpleGrid>
        <Fieldset legend="Datos fiscales" variant="unstyled">
          <Stack gap="sm" mt="xs">
            <Text size="sm" c="dimmed">
              Aparecen en los certificados de donativos, el modelo 182 y las remesas de recibos.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="NIF de la entidad" autoComplete="off" {...field('nif')} />
              <TextInput
                label="Identificador de acreedor SEPA"
                description="Lo da el banco, por ejemplo ES23ZZZ47690558N"
                autoComplete="off"
                {...field('acreedorSepa')}
              />
              <TextInput
                label="IBAN de abono de las remesas"
                description="La cuenta de la organización donde se cobran los recibos domiciliados"
                autoComplete="off"
                {...field('ibanAcreedor')}
              />
              <TextInput label="Nº de registro de entidades" autoComplete="off" {...field('registroEntidades')} />
              <TextInput label="Nº de núcleo zoológico" autoComplete="off" {...field('nucleoZoologico')} />
            </SimpleGrid>
            <Switch
              label="Acogida a la Ley 49/2002"
              description="Los donativos desgravan en el IRPF y el Impuesto sobre Sociedades."
              checked={draft.ley49}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setDraft((d) => ({ ...d, ley49: checked }));
              }}
              error={fieldErrors?.ley49}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Voluntariado" variant="unstyled">
          <Switch
            mt="xs"
            label="Voluntariado ve el contacto de las casas de acogida"
            description="Las personas con el rol Voluntariado ven el teléfono y la dirección (nunca el documento) de la casa de acogida de un animal cuyos cuidados han registrado o cambiado en los últimos 30 días. Del resto de personas siguen viendo ***."
            checked={draft.contactoAcogidaVoluntariado}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setDraft((d) => ({ ...d, contactoAcogidaVoluntariado: checked }));
            }}
            error={fieldErrors?.contactoAcogidaVoluntariado}
          />
        </Fieldset>
        <Fieldset legend="Capacidad del refugio" variant="unstyled">
          <Stack gap="sm" mt="xs">
            <Text size="sm" c="dimmed" id="capacidad-ayuda">
              Las plazas de cada especie. Se muestran junto a la lista de espera de cesiones; vacío, sin límite.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              {PET_TYPES.map((t) => (
                <NumberInput
                  key={t}
                  label={`Plazas: ${t}`}
                  aria-describedby="capacidad-ayuda"
                  min={0}
                  max={ORGANIZATION_CAPACITY_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={draft.capacidad[t]}
                  onChange={(value) => setDraft((d) => ({ ...d, capacidad: { ...d.capacidad, [t]: String(value) } }))}
                  error={capacityErrors[t] ?? fieldErrors?.[`capacidad.${t}`] ?? fieldErrors?.capacidad}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        {save.isError && <Alert color="red">{getErrorMessage(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Configuración (/configuracion, administrators): the organisation's data and whether e-mail can leave. */
function ConfiguracionScreen() {
  const org = useQuery(organizationSettingsQueryOptions);
  return (
    <Stack gap="lg">
      <title>Configuración · Refugio Admin</title>
      <Title order={1} fz="h2">
        Configuración
      </Title>
      {org.isPending ? (
        <ListLoading label="Cargando la configuración..." />
      ) : org.isError ? (
        <ListLoadError title="No se pudo cargar la configuración" onRetry={() => void org.refetch()}>
          {getErrorMessage(org.error)}
        </ListLoadError>
      ) : (
        <>
          <OrganizationForm org={org.data} />
          <EmbedCode />
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mail-title">
            <Stack gap="xs">
              <Title order={2} fz="h3" id="mail-title">
                Correo electrónico
              </Title>
              {org.data.correoConfigurado ? (
                <Alert color="teal">El correo está configurado: los mensajes salen por el servidor SMTP.</Alert>
              ) : (
                <Alert color="orange">
                  El correo no está configurado. Los mensajes se guardan como «no enviados» hasta que se definan SMTP_URL y MAIL_FROM en el servidor.
                </Alert>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

export { ConfiguracionScreen as Component };
