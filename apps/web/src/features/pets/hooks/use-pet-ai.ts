import { notifications } from '@mantine/notifications';
import { aiMessages, petFormMessages, type PetFields } from '@refugio/contracts';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useAiStatus } from '../api/get-ai-status';
import { useImproveText } from '../api/improve-text';
import { useSuggestTags } from '../api/suggest-tags';
import type { AiAvailability } from '../components/ai-button';
import type { TextProposal } from '../components/improve-text-modal';
import {
  buildImproveTextInput,
  buildSuggestTagsInput,
  improvableFieldLabels,
  improveErrorMessage,
  tagsErrorMessage,
  tagsSuccessMessage,
  type ImprovableField,
} from '../lib/ai-requests';
import type { PetFormValues } from '../lib/pet-form-values';
import { fitGeneratedTags, serializeTags } from '../lib/tags';

type PetForm = UseFormReturn<PetFormValues, unknown, PetFields>;

/**
 * The AI helpers of the pet form (SPEC section 7): GENERAR ETIQUETAS, and 'Mejorar con IA' for the story and
 * the personality, which proposes a text shown beside the current one. Nothing is saved: the form changes,
 * and only when a proposal is accepted.
 */
export function usePetAi(form: PetForm) {
  const aiStatus = useAiStatus();
  // A failed status check does not hide the buttons: the call itself then says what went wrong.
  const availability: AiAvailability = aiStatus.isPending ? 'checking' : aiStatus.data?.available === false ? 'unavailable' : 'available';
  const suggestTags = useSuggestTags();
  const improveText = useImproveText();
  const improving: ImprovableField | null = improveText.isPending ? improveText.variables.campo : null;
  const [proposal, setProposal] = useState<TextProposal | null>(null);

  /** GENERAR ETIQUETAS with the form's current values; the generated tags replace the chips (not saved yet). */
  const generateTags = async () => {
    const input = buildSuggestTagsInput(form.getValues());
    const id = notifications.show({
      loading: true,
      title: aiMessages.tagsProgressTitle,
      message: aiMessages.tagsProgressText,
      autoClose: false,
      withCloseButton: false,
    });
    const fail = (message: string) =>
      notifications.update({ id, loading: false, color: 'red', title: petFormMessages.errorTitle, message, autoClose: 8000, withCloseButton: true });
    try {
      const tags = fitGeneratedTags(await suggestTags.mutateAsync(input));
      if (tags.length === 0) {
        fail(aiMessages.tagsFailure);
        return;
      }
      form.setValue('tags', serializeTags(tags), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        title: aiMessages.tagsSuccessTitle,
        message: tagsSuccessMessage(tags.length, input.nombre),
        autoClose: 5000,
        withCloseButton: true,
      });
    } catch (error) {
      fail(tagsErrorMessage(error));
    }
  };

  /** 'Mejorar con IA': asks for a proposal and shows it beside the current text; nothing changes until accepted. */
  const improveField = async (campo: ImprovableField) => {
    const input = buildImproveTextInput(campo, form.getValues());
    if (input === null) {
      notifications.show({ color: 'yellow', title: improvableFieldLabels[campo], message: aiMessages.textRequired });
      form.setFocus(campo);
      return;
    }
    try {
      const proposed = await improveText.mutateAsync(input);
      if (proposed.trim() === '') {
        notifications.show({ color: 'red', title: petFormMessages.errorTitle, message: aiMessages.improveEmpty });
        return;
      }
      setProposal({ campo, current: form.getValues(campo) ?? '', proposed });
    } catch (error) {
      notifications.show({ color: 'red', title: petFormMessages.errorTitle, message: improveErrorMessage(error), autoClose: 8000 });
    }
  };

  const acceptProposal = ({ campo, proposed }: TextProposal) => {
    form.setValue(campo, proposed, { shouldDirty: true, shouldTouch: true, shouldValidate: form.formState.isSubmitted });
    setProposal(null);
  };

  return {
    availability,
    generatingTags: suggestTags.isPending,
    improving,
    proposal,
    generateTags,
    improveField,
    acceptProposal,
    discardProposal: () => setProposal(null),
  };
}
