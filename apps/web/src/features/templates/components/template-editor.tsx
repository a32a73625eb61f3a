import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
  Typography,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { TEMPLATE_KEYS_WITHOUT_SUBJECT, type Template } from '@refugio/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSaveTemplate, useTemplatePreview } from '../api/templates';

export interface TemplateDraft {
  asunto: string;
  cuerpo: string;
  activa: boolean;
}

export interface TemplateEditorProps {
  template: Template;
  /** Told whether there are changes not yet saved (the screen asks before leaving them). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * One template: subject, text and "activa", the variables it accepts (a click inserts one where the cursor is),
 * and a live preview with sample values from the server. Saving refuses an unknown variable with the server's
 * message; nothing typed is lost on an error.
 */
export function TemplateEditor({ template, onDirtyChange }: TemplateEditorProps) {
  const [draft, setDraft] = useState<TemplateDraft>({ asunto: template.asunto, cuerpo: template.cuerpo, activa: template.activa });
  const [lastField, setLastField] = useState<'asunto' | 'cuerpo'>('cuerpo');
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveTemplate();
  const [debounced] = useDebouncedValue({ asunto: draft.asunto, cuerpo: draft.cuerpo }, 400);
  const preview = useTemplatePreview(template.clave, debounced);
  // The adoption contract is a Markdown document, not an e-mail: no subject, and the preview is the rendered document.
  const document = TEMPLATE_KEYS_WITHOUT_SUBJECT.includes(template.clave);
  const dirty = draft.asunto !== template.asunto || draft.cuerpo !== template.cuerpo || draft.activa !== template.activa;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const insert = (name: string) => {
    const tag = `{{${name}}}`;
    const field = lastField;
    const element = field === 'asunto' ? subjectRef.current : bodyRef.current;
    const value = draft[field];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    setDraft((d) => ({ ...d, [field]: value.slice(0, start) + tag + value.slice(end) }));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

  const submit = () =>
    save.mutate(
      { clave: template.clave, input: { ...draft, version: template.version } },
      { onSuccess: () => notifications.show({ color: 'teal', message: 'Plantilla guardada.' }) },
    );
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : undefined;
  const previewError = preview.error instanceof ApiError && preview.error.hasServerMessage ? preview.error.message : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="h3">
          {template.titulo}
        </Title>
        <Group gap="xs">
          {template.automatica && <Badge variant="light">Se envía sola</Badge>}
          {!template.personalizada && (
            <Badge variant="light" color="gray">
              Texto original
            </Badge>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Switch
            label="Activa"
            description={template.automatica ? 'Si está desactivada, el servidor no la envía por sí solo.' : undefined}
            checked={draft.activa}
            onChange={(e) => {
              const activa = e.currentTarget.checked;
              setDraft((d) => ({ ...d, activa }));
            }}
          />
          {document ? (
            <Text size="sm" c="dimmed">
              Documento en Markdown: # título, ## apartado, **negrita**, listas con «- ». Las secciones {'{{#…}}…{{/…}}'} solo se muestran cuando se
              cumplen.
            </Text>
          ) : (
            <TextInput
              ref={subjectRef}
              label="Asunto"
              required
              value={draft.asunto}
              onFocus={() => setLastField('asunto')}
              onChange={(e) => {
                const asunto = e.currentTarget.value;
                setDraft((d) => ({ ...d, asunto }));
              }}
              error={fieldErrors?.asunto}
            />
          )}
          <Textarea
            ref={bodyRef}
            label="Texto"
            description={
              document
                ? undefined
                : 'Una frase entre {{#mascota.nombre}} y {{/mascota.nombre}} solo aparece cuando hay ese dato: así el mensaje se lee bien aunque falte.'
            }
            required
            autosize
            minRows={8}
            value={draft.cuerpo}
            onFocus={() => setLastField('cuerpo')}
            onChange={(e) => {
              const cuerpo = e.currentTarget.value;
              setDraft((d) => ({ ...d, cuerpo }));
            }}
            error={fieldErrors?.cuerpo}
          />
          <div>
            <Text size="sm" fw={500} id="variables-title">
              Variables (pulsa una para insertarla)
            </Text>
            <Group gap={6} mt={4} component="ul" p={0} style={{ listStyle: 'none' }} aria-labelledby="variables-title">
              {template.variables.map((v) => (
                <li key={v.nombre}>
                  <UnstyledButton
                    onClick={() => insert(v.nombre)}
                    aria-label={`Insertar ${v.descripcion.toLowerCase()}: {{${v.nombre}}}`}
                    title={v.descripcion}
                  >
                    <Badge variant="outline" tt="none" style={{ cursor: 'pointer', minHeight: 24 }}>{`{{${v.nombre}}}`}</Badge>
                  </UnstyledButton>
                </li>
              ))}
            </Group>
          </div>
          {save.isError && <Alert color="red">{getErrorMessage(save.error)}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty}
              onClick={() => setDraft({ asunto: template.asunto, cuerpo: template.cuerpo, activa: template.activa })}
            >
              Deshacer cambios
            </Button>
            <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
              Guardar plantilla
            </Button>
          </Group>
        </Stack>
        <Paper withBorder radius="md" p="md" aria-labelledby="preview-title" component="section">
          <Stack gap="xs">
            <Text fw={600} id="preview-title">
              Vista previa (con datos de ejemplo)
            </Text>
            {previewError ? (
              <Alert color="orange">{previewError}</Alert>
            ) : (
              <>
                {document ? (
                  preview.data ? (
                    // The server's HTML of the Markdown: every value and any raw HTML in the text escaped, links as plain text.
                    <Typography data-testid="template-preview">
                      <div dangerouslySetInnerHTML={{ __html: preview.data.html }} />
                    </Typography>
                  ) : (
                    <Text size="sm">Cargando...</Text>
                  )
                ) : (
                  <>
                    <Text size="sm">
                      <strong>Asunto:</strong> {preview.data?.asunto ?? ''}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
                      {preview.data?.texto ?? 'Cargando...'}
                    </Text>
                  </>
                )}
              </>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
