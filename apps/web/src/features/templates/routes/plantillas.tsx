import { Select, Stack, Text, Title } from '@mantine/core';
import { TEMPLATE_TITLES } from '@refugio/contracts';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { confirmDiscard, useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { useTemplates } from '../api/templates';
import { TemplateEditor } from '../components/template-editor';

/** Plantillas (/plantillas, administrators): the texts of the messages, each edited with a live preview. */
function PlantillasScreen() {
  const templates = useTemplates();
  const [params, setParams] = useSearchParams();
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  useUnsavedChangesPrompt(dirty);

  if (templates.isPending) return <ListLoading label="Cargando plantillas..." />;
  if (templates.isError) {
    return (
      <ListLoadError title="No se pudieron cargar las plantillas" onRetry={() => void templates.refetch()}>
        {getErrorMessage(templates.error)}
      </ListLoadError>
    );
  }
  const items = templates.data;
  const requested = params.get('clave');
  const current = items.find((t) => t.clave === requested) ?? items[0]!;

  const choose = (clave: string | null) => {
    if (!clave || clave === current.clave) return;
    const go = () => {
      setDirty(false);
      setParams({ clave }, { replace: true });
    };
    if (dirty) confirmDiscard(go);
    else go();
  };

  return (
    <Stack gap="lg">
      <title>Plantillas · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Plantillas
        </Title>
        <Text c="dimmed">Los textos de los correos y mensajes de WhatsApp. Cada correo termina con los datos de contacto de la organización.</Text>
      </div>
      <Select
        label="Plantilla"
        data={items.map((t) => ({ value: t.clave, label: `${TEMPLATE_TITLES[t.clave]}${t.activa ? '' : ' (desactivada)'}` }))}
        value={current.clave}
        onChange={choose}
        allowDeselect={false}
        maw={480}
      />
      <TemplateEditor key={current.clave} template={current} onDirtyChange={onDirtyChange} />
    </Stack>
  );
}

export { PlantillasScreen as Component };
