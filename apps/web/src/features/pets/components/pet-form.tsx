import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { aiMessages, PET_GENDERS, PET_SIZES, PET_TYPES, petFieldsSchema, petMessages, type Pet, type PetFields } from '@refugio/contracts';
import { IconCalendar, IconDeviceFloppy, IconSparkles } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useAiStatus } from '../api/get-ai-status';
import { useImproveText } from '../api/improve-text';
import { usePetImages } from '../api/get-pet-images';
import { usePetVideos } from '../api/get-pet-videos';
import { useSuggestTags } from '../api/suggest-tags';
import { useObjectUrls } from '../hooks/use-object-urls';
import { usePetSave } from '../hooks/use-pet-save';
import {
  buildImproveTextInput,
  buildSuggestTagsInput,
  improvableFieldLabels,
  improveErrorMessage,
  tagsErrorMessage,
  tagsSuccessMessage,
  type ImprovableField,
} from '../lib/ai-requests';
import { checkMainImage } from '../lib/media-rules';
import { buildPetFormData, newPetFormValues, petFormFields, petToFormValues, type PetFormValues } from '../lib/pet-form-values';
import { fitGeneratedTags, serializeTags } from '../lib/tags';
import { AiButton, type AiAvailability } from './ai-button';
import { ImagesDialog } from './images-dialog';
import { ImproveTextModal, type TextProposal } from './improve-text-modal';
import { MainImageField, type ChosenImage } from './main-image-field';
import { PetImagesSection, type QueuedFile } from './pet-images-section';
import { PetVideosSection } from './pet-videos-section';
import classes from './pet-form.module.css';
import { SaveProgress } from './save-progress';
import { SaveSuccessModal, type SaveSummary } from './save-success-modal';
import { TagsField } from './tags-field';
import { VideoDialog } from './video-dialog';

const flagOptions = [
  { value: '0', label: 'No' },
  { value: '1', label: 'Sí' },
];

export const createdTitle = '¡Mascota Agregada Exitosamente!';

interface PetFormProps {
  /** The loaded pet (Editar), or null for a new one (Agregar). */
  pet: Pet | null;
  /** Reads the pet again from the server (Editar): after 'Seguir Editando' and after a conflict. */
  onReloadPet?: () => Promise<Pet | undefined>;
}

function SelectField({
  control,
  name,
  label,
  data,
}: {
  control: Control<PetFormValues, unknown, PetFields>;
  name: 'tipo' | 'genero' | 'tamano' | 'discapacidad' | 'adoptado';
  label: string;
  data: readonly string[] | { value: string; label: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          label={label}
          data={data as string[]}
          value={field.value}
          onChange={(value) => field.onChange(value ?? field.value)}
          onBlur={field.onBlur}
          allowDeselect={false}
          checkIconPosition="right"
          error={fieldState.error?.message}
          required
        />
      )}
    />
  );
}

let queueSequence = 0;
const nextQueueId = () => `q${(queueSequence += 1)}`;

/**
 * The pet form of SPEC section 2 ("Edit pet screen"), shared by Editar and Agregar: fields validated by the
 * server's own `petFieldsSchema`, main image, additional images and videos queued for upload, and the save
 * sequence of SPEC section 4 with a progress bar per request.
 */
export function PetForm({ pet, onReloadPet }: PetFormProps) {
  const navigate = useNavigate();
  const petId = pet?.id ?? null;
  const isEdit = pet !== null;

  // SPEC section 4: the pet is loaded (by the screen), then its images, then its videos.
  const images = usePetImages(petId);
  const videos = usePetVideos(petId, { enabled: images.isSuccess || images.isError });

  const initialValues = () => (pet ? petToFormValues(pet) : newPetFormValues(dayjs().format('YYYY-MM-DD')));
  const form = useForm<PetFormValues, unknown, PetFields>({
    resolver: zodResolver(petFieldsSchema),
    defaultValues: initialValues(),
  });
  const { errors } = form.formState;

  const objectUrls = useObjectUrls();
  const [mainImage, setMainImage] = useState<ChosenImage | null>(null);
  const [mainImageError, setMainImageError] = useState<string | null>(null);
  const [queuedImages, setQueuedImages] = useState<QueuedFile[]>([]);
  const [queuedVideos, setQueuedVideos] = useState<QueuedFile[]>([]);
  const [imagesDialogOpened, imagesDialog] = useDisclosure(false);
  const [videoDialogOpened, videoDialog] = useDisclosure(false);
  const [summary, setSummary] = useState<SaveSummary | null>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const { save, steps, isSaving, clearSteps } = usePetSave();

  const aiStatus = useAiStatus();
  // A failed status check does not hide the buttons: the call itself then says what went wrong.
  const aiAvailability: AiAvailability = aiStatus.isPending ? 'checking' : aiStatus.data?.available === false ? 'unavailable' : 'available';
  const suggestTags = useSuggestTags();
  const improveText = useImproveText();
  const improving = improveText.isPending ? improveText.variables.campo : null;
  const [proposal, setProposal] = useState<TextProposal | null>(null);

  const queue = (files: File[]): QueuedFile[] => files.map((file) => ({ id: nextQueueId(), file, url: objectUrls.create(file) }));

  const clearMedia = () => {
    if (mainImage) objectUrls.revoke(mainImage.url);
    for (const item of [...queuedImages, ...queuedVideos]) objectUrls.revoke(item.url);
    setMainImage(null);
    setMainImageError(null);
    setQueuedImages([]);
    setQueuedVideos([]);
  };

  const chooseMainImage = (file: File | null) => {
    if (!file) return;
    const refusal = checkMainImage(file);
    setMainImageError(refusal);
    // A refused file is not kept: the previous choice (or the current image) stays.
    if (refusal) return;
    if (mainImage) objectUrls.revoke(mainImage.url);
    setMainImage({ file, url: objectUrls.create(file) });
  };

  const clearMainImage = () => {
    if (mainImage) objectUrls.revoke(mainImage.url);
    setMainImage(null);
    setMainImageError(null);
  };

  const removeQueued = (list: QueuedFile[], setQueue: typeof setQueuedImages) => (id: string) => {
    const item = list.find((q) => q.id === id);
    if (item) objectUrls.revoke(item.url);
    setQueue((current) => current.filter((q) => q.id !== id));
  };

  const addImages = (files: File[]) => {
    const items = queue(files);
    setQueuedImages((current) => [...current, ...items]);
  };

  const addVideo = (file: File) => {
    const items = queue([file]);
    setQueuedVideos((current) => [...current, ...items]);
  };

  /** REINICIAR: the form values come back from the loaded pet; chosen files are dropped. */
  const resetForm = () => {
    form.reset(initialValues());
    clearMedia();
    clearSteps();
  };

  const reloadLatest = async () => {
    const latest = await onReloadPet?.();
    if (latest) form.reset(petToFormValues(latest));
    return latest;
  };

  const showConflict = (message: string) => {
    modals.openConfirmModal({
      title: petMessages.saveErrorTitle,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: 'Cargar la versión más reciente', cancel: 'Cerrar' },
      onConfirm: () => {
        void reloadLatest().then((latest) => {
          if (latest) {
            clearSteps();
            notifications.show({
              color: 'cyan',
              title: 'Datos actualizados',
              message: 'Se cargó la versión más reciente de la mascota. Revisa los cambios antes de volver a guardar.',
            });
          }
        });
      },
    });
  };

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
      notifications.update({ id, loading: false, color: 'red', title: 'Error', message, autoClose: 8000, withCloseButton: true });
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
        notifications.show({ color: 'red', title: 'Error', message: aiMessages.improveEmpty });
        return;
      }
      setProposal({ campo, current: form.getValues(campo) ?? '', proposed });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: improveErrorMessage(error), autoClose: 8000 });
    }
  };

  const acceptProposal = ({ campo, proposed }: TextProposal) => {
    form.setValue(campo, proposed, { shouldDirty: true, shouldTouch: true, shouldValidate: form.formState.isSubmitted });
    setProposal(null);
  };

  const improveButton = (campo: ImprovableField) => (
    <Group justify="flex-end" mt={6}>
      <AiButton
        availability={aiAvailability}
        loading={improving === campo}
        busy={improving !== null}
        leftSection={<IconSparkles size={14} aria-hidden="true" />}
        onClick={() => void improveField(campo)}
      >
        {aiMessages.improveButton}
      </AiButton>
    </Group>
  );

  const onSubmit = form.handleSubmit(async (fields) => {
    const existingImages = images.data?.length ?? 0;
    const existingVideos = videos.data?.length ?? 0;
    try {
      const result = await save({
        petId,
        body: buildPetFormData(fields, mainImage?.file ?? null),
        images: queuedImages.map((q) => q.file),
        videos: queuedVideos.map((q) => q.file),
      });
      clearMedia();
      // The saved values are now the form's baseline, with the new version for the next save.
      form.reset({ ...form.getValues(), version: result.version === undefined ? '' : String(result.version) });
      setSavedId(result.id);
      setSummary({
        nombre: fields.nombre,
        tipo: fields.tipo,
        edad: fields.edad,
        genero: fields.genero,
        images: existingImages + result.uploadedImages,
        videos: existingVideos + result.uploadedVideos,
        tags: fields.tags.length,
        failed: result.failed,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        showConflict(getErrorMessage(error));
        return;
      }
      setServerFieldErrors(error, petFormFields, form.setError);
      const detail = getErrorMessage(error);
      notifications.show({
        color: 'red',
        title: petMessages.saveErrorTitle,
        autoClose: 8000,
        message: (
          <>
            {petMessages.saveErrorText}
            {detail !== petMessages.saveErrorText ? (
              <Text size="xs" c="dimmed" mt={2}>
                {detail}
              </Text>
            ) : null}
          </>
        ),
      });
    }
  });

  const continueEditing = () => {
    setSummary(null);
    clearSteps();
    if (!isEdit) {
      if (savedId !== null) void navigate(`/editar/${savedId}`);
      return;
    }
    void reloadLatest();
  };

  return (
    <DatesProvider settings={{ locale: 'es' }}>
      <form noValidate aria-label={isEdit ? 'Editar mascota' : 'Agregar mascota'} onSubmit={(event) => void onSubmit(event)}>
        <fieldset disabled={isSaving} className={classes.fieldset}>
          <Stack gap="lg">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
                  <Title order={2} fz="h4" mb="md">
                    Datos de la mascota
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                    <TextInput label="Nombre" required autoComplete="off" error={errors.nombre?.message} {...form.register('nombre')} />
                    <TextInput
                      label="Edad"
                      required
                      autoComplete="off"
                      placeholder="Por ejemplo: 2 años"
                      error={errors.edad?.message}
                      {...form.register('edad')}
                    />
                    <SelectField control={form.control} name="tipo" label="Tipo" data={PET_TYPES} />
                    <SelectField control={form.control} name="genero" label="Género" data={PET_GENDERS} />
                    <SelectField control={form.control} name="tamano" label="Tamaño" data={PET_SIZES} />
                    <SelectField control={form.control} name="discapacidad" label="Discapacidad" data={flagOptions} />
                    <Controller
                      control={form.control}
                      name="fechaingreso"
                      render={({ field, fieldState }) => (
                        <DateInput
                          ref={field.ref}
                          label="Fecha de ingreso"
                          description="Formato AA-MM-DD"
                          valueFormat="YY-MM-DD"
                          placeholder="AA-MM-DD"
                          clearable
                          leftSection={<IconCalendar size={16} aria-hidden="true" />}
                          value={field.value === '' ? null : field.value}
                          onChange={(value) => field.onChange(value ?? '')}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          popoverProps={{ withinPortal: true }}
                        />
                      )}
                    />
                    <SelectField control={form.control} name="adoptado" label="Adoptado" data={flagOptions} />
                  </SimpleGrid>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
                  <MainImageField
                    currentUrl={pet?.imagenprincipalUrl ?? null}
                    chosen={mainImage}
                    error={mainImageError}
                    disabled={isSaving}
                    onChoose={chooseMainImage}
                    onClear={clearMainImage}
                  />
                </Paper>
              </Grid.Col>
            </Grid>

            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="lg">
                <div>
                  <Textarea label="Historia" autosize minRows={4} maxRows={14} error={errors.historia?.message} {...form.register('historia')} />
                  {improveButton('historia')}
                </div>
                <div>
                  <Textarea
                    label="Personalidad"
                    autosize
                    minRows={3}
                    maxRows={12}
                    error={errors.personalidad?.message}
                    {...form.register('personalidad')}
                  />
                  {improveButton('personalidad')}
                </div>
                <TagsField
                  control={form.control}
                  aiAvailability={aiAvailability}
                  generating={suggestTags.isPending}
                  onGenerate={() => void generateTags()}
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <PetImagesSection
                petId={petId}
                images={isEdit ? images : null}
                queued={queuedImages}
                disabled={isSaving}
                onRemoveQueued={removeQueued(queuedImages, setQueuedImages)}
                onOpenDialog={imagesDialog.open}
              />
            </Paper>

            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <PetVideosSection
                petId={petId}
                videos={isEdit ? videos : null}
                queued={queuedVideos}
                disabled={isSaving}
                onRemoveQueued={removeQueued(queuedVideos, setQueuedVideos)}
                onOpenDialog={videoDialog.open}
              />
            </Paper>

            <SaveProgress steps={steps} />
          </Stack>
        </fieldset>

        <Group justify="flex-end" gap="sm" mt="lg" wrap="nowrap" className={classes.actions}>
          <Button type="button" variant="default" onClick={resetForm} disabled={isSaving}>
            REINICIAR
          </Button>
          <Button type="submit" loading={isSaving} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
            GUARDAR MASCOTA
          </Button>
        </Group>
      </form>

      <ImagesDialog opened={imagesDialogOpened} queuedCount={queuedImages.length} onClose={imagesDialog.close} onAdd={addImages} />
      <VideoDialog opened={videoDialogOpened} onClose={videoDialog.close} onAdd={addVideo} />
      <ImproveTextModal proposal={proposal} onAccept={acceptProposal} onDiscard={() => setProposal(null)} />
      <SaveSuccessModal
        title={isEdit ? petMessages.saveSuccessTitle : createdTitle}
        summary={summary}
        onDashboard={() => void navigate('/')}
        onContinue={continueEditing}
      />
    </DatesProvider>
  );
}
