import { ActionIcon, Group, Input, Pill, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { TAGS_MAX, aiMessages, petMessages, type PetFields } from '@refugio/contracts';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { PetFormValues } from '../lib/pet-form-values';
import { addTag, parseTagsText, removeTag, serializeTags } from '../lib/tags';
import { AiButton, type AiAvailability } from './ai-button';

interface TagsFieldProps {
  control: Control<PetFormValues, unknown, PetFields>;
  aiAvailability: AiAvailability;
  generating: boolean;
  /** GENERAR ETIQUETAS: the form replaces the chips with the generated tags. */
  onGenerate: () => void;
}

/** The tags as removable chips, a box to type one more (up to TAGS_MAX), and GENERAR ETIQUETAS. */
export function TagsField({ control, aiAvailability, generating, onGenerate }: TagsFieldProps) {
  const { field, fieldState } = useController({ control, name: 'tags' });
  const tags = parseTagsText(field.value);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const full = tags.length >= TAGS_MAX;

  const add = () => {
    const result = addTag(tags, draft);
    if (result.error !== null) {
      setDraftError(result.error);
      return;
    }
    field.onChange(serializeTags(result.tags));
    setDraft('');
    setDraftError(null);
  };

  return (
    <Input.Wrapper label="Etiquetas" description={`${tags.length} de ${TAGS_MAX} etiquetas`} error={fieldState.error?.message} id="pet-tags">
      <Stack gap="sm" mt={6}>
        {tags.length > 0 ? (
          <Pill.Group aria-label="Etiquetas de la mascota">
            {tags.map((tag) => (
              <Pill
                key={tag}
                size="md"
                withRemoveButton
                onRemove={() => {
                  field.onChange(serializeTags(removeTag(tags, tag)));
                  setDraftError(null);
                }}
                // Mantine hides the remove button from keyboards (TagsInput uses Backspace); here it is the only way.
                removeButtonProps={{ 'aria-label': `Quitar etiqueta ${tag}`, 'aria-hidden': false, tabIndex: 0 }}
              >
                {tag}
              </Pill>
            ))}
          </Pill.Group>
        ) : (
          <Text size="sm" c="dimmed">
            {petMessages.tagsHint}
          </Text>
        )}
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            aria-label="Nueva etiqueta"
            placeholder={full ? `Máximo ${TAGS_MAX} etiquetas` : 'Escribe una etiqueta'}
            value={draft}
            disabled={full}
            error={draftError}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setDraftError(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the tag instead of submitting the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            style={{ flex: '1 1 200px' }}
            rightSection={
              <Tooltip label="Agregar etiqueta">
                <ActionIcon variant="subtle" aria-label="Agregar etiqueta" onClick={add} disabled={full}>
                  <IconPlus size={16} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            }
          />
          <AiButton
            size="sm"
            availability={aiAvailability}
            loading={generating}
            leftSection={<IconSparkles size={16} aria-hidden="true" />}
            onClick={() => {
              setDraftError(null);
              onGenerate();
            }}
          >
            {aiMessages.generateTagsButton}
          </AiButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
