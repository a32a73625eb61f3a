import { Alert, Button, Group, Modal, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CUSTOM_FIELD_ENTITIES, type CustomField, type CustomFieldEntity, countLabel, customFieldMessages } from '@refugio/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { customFieldsQueryKey, customFieldsQueryOptions } from '../../../lib/custom-field-definitions';
import {
  useArchiveCustomField,
  useCreateCustomField,
  useReorderCustomFields,
  useRestoreCustomField,
  useUpdateCustomField,
} from '../api/custom-fields';
import {
  type CustomFieldDraft,
  CustomFieldForm,
  FORM_FIELDS,
  type FieldErrors,
  type FormField,
  checkDraft,
  draftOf,
  emptyDraft,
} from '../components/custom-field-form';
import { ArchivedFieldList, SortableFieldList } from '../components/custom-field-list';

const TAB_LABELS: Record<CustomFieldEntity, string> = { mascota: 'Animales', persona: 'Personas' };
const RECORDS: Record<CustomFieldEntity, string> = { mascota: 'cada animal', persona: 'cada persona' };

const isEntity = (value: string | null): value is CustomFieldEntity => (CUSTOM_FIELD_ENTITIES as readonly (string | null)[]).includes(value);

/** The server's field errors, each under the field of the form it names (`opciones.2` under «Opciones»). */
function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return errors;
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = path.split(/[.[]/)[0];
    if (field && (FORM_FIELDS as readonly string[]).includes(field)) errors[field as FormField] ??= message;
  }
  return errors;
}

type Editing = { field: CustomField | null; draft: CustomFieldDraft };

/** One entity's fields: the list in use (sortable), the archived ones on request, and the dialogs that change them. */
function EntityFields({ entidad }: { entidad: CustomFieldEntity }) {
  const [showArchived, setShowArchived] = useState(false);
  const options = customFieldsQueryOptions(entidad, showArchived);
  const fields = useQuery(options);
  const queryClient = useQueryClient();
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const reorder = useReorderCustomFields();
  const archive = useArchiveCustomField();
  const restore = useRestoreCustomField();

  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<CustomField | null>(null);
  const [archiveError, setArchiveError] = useState<string | null>(null);

  const open = (next: Editing) => {
    setEditing(next);
    setErrors({});
    setError(null);
  };
  const close = () => {
    setEditing(null);
    setErrors({});
    setError(null);
  };

  const save = () => {
    if (!editing) return;
    const checked = checkDraft(entidad, editing.draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setError('Revisa los campos marcados.');
      return;
    }
    const done = (message: string) => {
      notifications.show({ color: 'green', message });
      close();
    };
    const failed = (e: unknown) => {
      setErrors(serverFieldErrors(e));
      setError(getErrorMessage(e));
    };
    const { field } = editing;
    if (!field) {
      create.mutate(checked.input, { onSuccess: () => done(customFieldMessages.created), onError: failed });
      return;
    }
    const { etiqueta, opciones, especies, obligatorio, publico, sensible, ayuda } = checked.input;
    update.mutate(
      {
        id: field.id,
        input: {
          etiqueta,
          ...(opciones ? { opciones } : {}),
          ...(entidad === 'mascota' ? { especies: especies ?? [] } : {}),
          obligatorio,
          publico,
          sensible,
          // An emptied help text is sent empty, so that it is cleared.
          ayuda: ayuda ?? '',
          version: field.version,
        },
      },
      {
        onSuccess: () => done(customFieldMessages.saved),
        onError: (e) => {
          failed(e);
          if (e instanceof ApiError && e.status === 409) void reloadEdited(field.id, getErrorMessage(e));
        },
      },
    );
  };

  /** Someone else saved the field meanwhile: the dialog shows what is saved now, with the server's message. */
  const reloadEdited = async (id: number, message: string) => {
    await queryClient.invalidateQueries({ queryKey: customFieldsQueryKey });
    const fresh = queryClient.getQueryData(options.queryKey)?.find((f) => f.id === id);
    if (!fresh) return;
    setEditing({ field: fresh, draft: draftOf(fresh) });
    setErrors({});
    setError(`${message} Ya se muestra lo que está guardado ahora.`);
  };

  const saveOrder = (ids: number[]) =>
    reorder.mutate(
      { entidad, ids },
      {
        onSuccess: () => notifications.show({ color: 'green', message: customFieldMessages.reordered }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: 'No se ha guardado el nuevo orden',
            message: `${getErrorMessage(e)} Los campos vuelven a su orden anterior.`,
          }),
      },
    );

  const closeArchive = () => {
    setArchiving(null);
    setArchiveError(null);
  };
  const confirmArchive = () => {
    if (!archiving) return;
    archive.mutate(archiving.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: customFieldMessages.archived });
        closeArchive();
      },
      onError: (e) => setArchiveError(getErrorMessage(e)),
    });
  };
  const recover = (field: CustomField) =>
    restore.mutate(field.id, {
      onSuccess: () => notifications.show({ color: 'green', message: customFieldMessages.restored }),
      onError: (e) => notifications.show({ color: 'red', title: `No se ha recuperado «${field.etiqueta}»`, message: getErrorMessage(e) }),
    });

  const inUse = fields.data?.filter((f) => !f.archivado) ?? [];
  const archived = fields.data?.filter((f) => f.archivado) ?? [];

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" wrap="wrap">
        <Switch label="Mostrar archivados" checked={showArchived} onChange={(e) => setShowArchived(e.currentTarget.checked)} />
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => open({ field: null, draft: emptyDraft() })}>
          Nuevo campo
        </Button>
      </Group>
      {fields.isPending ? (
        <ListLoading label="Cargando los campos…" />
      ) : fields.isError ? (
        <ListLoadError title="No se han podido cargar los campos" onRetry={() => void fields.refetch()}>
          {getErrorMessage(fields.error)}
        </ListLoadError>
      ) : (
        <>
          {inUse.length === 0 ? (
            <Text c="dimmed">Todavía no hay campos propios en la ficha de {RECORDS[entidad]}.</Text>
          ) : (
            <SortableFieldList
              fields={inUse}
              busy={reorder.isPending}
              onReorder={saveOrder}
              renderActions={(field) => (
                <>
                  <Button
                    variant="default"
                    size="compact-md"
                    aria-label={`Editar «${field.etiqueta}»`}
                    onClick={() => open({ field, draft: draftOf(field) })}
                  >
                    Editar
                  </Button>
                  <Button
                    variant="outline"
                    color="red"
                    size="compact-md"
                    aria-label={`Archivar «${field.etiqueta}»`}
                    onClick={() => setArchiving(field)}
                  >
                    Archivar
                  </Button>
                </>
              )}
            />
          )}
          {showArchived ? (
            <Stack gap="sm">
              <Title order={2} fz="h3">
                Archivados
              </Title>
              {archived.length === 0 ? (
                <Text c="dimmed">No hay campos archivados.</Text>
              ) : (
                <ArchivedFieldList
                  fields={archived}
                  renderActions={(field) => (
                    <Button
                      variant="light"
                      size="compact-md"
                      aria-label={`Recuperar «${field.etiqueta}»`}
                      loading={restore.isPending && restore.variables === field.id}
                      onClick={() => recover(field)}
                    >
                      Recuperar
                    </Button>
                  )}
                />
              )}
            </Stack>
          ) : null}
        </>
      )}
      <Modal opened={editing !== null} onClose={close} title={editing?.field ? `Editar «${editing.field.etiqueta}»` : 'Nuevo campo'} size="lg">
        {editing ? (
          <CustomFieldForm
            entidad={entidad}
            field={editing.field}
            draft={editing.draft}
            errors={errors}
            error={error}
            pending={create.isPending || update.isPending}
            onChange={(draft) => setEditing({ ...editing, draft })}
            onSubmit={save}
            onCancel={close}
          />
        ) : null}
      </Modal>
      <Modal opened={archiving !== null} onClose={closeArchive} title={`Archivar «${archiving?.etiqueta ?? ''}»`}>
        <Stack gap="md">
          {archiveError ? (
            <Alert color="red" role="alert">
              {archiveError}
            </Alert>
          ) : null}
          <Text>
            Sus valores se conservan
            {archiving && archiving.usos > 0 ? ` (${countLabel(archiving.usos, 'ficha lo tiene', 'fichas lo tienen')})` : ''}, pero deja de aparecer
            en los formularios. Se puede recuperar cuando se quiera con «Mostrar archivados».
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeArchive}>
              Cancelar
            </Button>
            <Button color="red" loading={archive.isPending} onClick={confirmArchive}>
              Archivar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** «Campos propios» (DESIGN section 21): the organisation's own fields on the records of its animals and persons. */
export function CustomFieldsScreen() {
  const [params, setParams] = useSearchParams();
  const entidadParam = params.get('entidad');
  const entidad: CustomFieldEntity = isEntity(entidadParam) ? entidadParam : 'mascota';

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        Campos propios
      </Title>
      <Text>
        Las preguntas que la organización quiere guardar de cada animal o persona y que la ficha no trae. Aparecen en el formulario y en la ficha de
        cada registro, en la lista, las exportaciones y las plantillas. Un campo no se elimina nunca: se archiva, y sus valores se conservan. Su clave
        tampoco cambia.
      </Text>
      <Tabs
        value={entidad}
        keepMounted={false}
        onChange={(value) => {
          if (isEntity(value)) setParams(value === 'mascota' ? {} : { entidad: value }, { replace: true });
        }}
      >
        <Tabs.List>
          {CUSTOM_FIELD_ENTITIES.map((e) => (
            <Tabs.Tab key={e} value={e}>
              {TAB_LABELS[e]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CUSTOM_FIELD_ENTITIES.map((e) => (
          <Tabs.Panel key={e} value={e}>
            <EntityFields entidad={e} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export { CustomFieldsScreen as Component };
