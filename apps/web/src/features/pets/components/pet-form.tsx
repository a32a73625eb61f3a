import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Grid, Group, Loader, Modal, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_ORG_TIME_ZONE,
  PET_GENDERS,
  PET_SIZES,
  PET_TYPES,
  PUBLICATION_STATES,
  aiMessages,
  petFormMessages,
  petMessages,
  type CustomField,
  type CustomFieldValues,
  type PetFields,
  countLabel,
} from '@refugio/contracts';
import { IconCalendar, IconDeviceFloppy, IconSparkles } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CustomFieldInputs } from '../../../components/ui/custom-field-inputs';
import { PublicationDateTimePicker } from '../../../components/ui/publication-date-time-picker';
import {
  camposOf,
  customFieldErrorPaths,
  customFieldIssues,
  customFieldsPayload,
  editedCustomFieldValues,
  formCustomFields,
  maskedKeys,
  type CustomFieldFormValues,
} from '../../../lib/custom-fields';
import { useActiveCustomFields } from '../../../lib/custom-field-definitions';
import { organizationSettingsQueryOptions } from '../../../lib/organization-settings';
import { usePetImages } from '../api/get-pet-images';
import type { PetView } from '../api/pet-view';
import { usePetVideos } from '../api/get-pet-videos';
import { usePetAi } from '../hooks/use-pet-ai';
import { usePetMedia } from '../hooks/use-pet-media';
import { usePetSave } from '../hooks/use-pet-save';
import { usePetSaveErrors } from '../hooks/use-pet-save-errors';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import type { ImprovableField } from '../lib/ai-requests';
import { diffPetFormValues, type FieldConflict } from '../lib/form-conflict';
import { estadoColors, estadoLabels } from '../lib/pet-display';
import { buildPetFormData, newPetFormValues, petFormSchema, petToFormValues, type PetFormValues } from '../lib/pet-form-values';
import { AiButton } from './ai-button';
import { ConflictDialog, type ConflictChoices } from './conflict-dialog';
import { ImagesDialog } from './images-dialog';
import { ImproveTextModal } from './improve-text-modal';
import { MainImageField } from './main-image-field';
import { PetIdentityFields } from './pet-identity-fields';
import { PetImagesSection } from './pet-images-section';
import { PetVideosSection } from './pet-videos-section';
import classes from './pet-form.module.css';
import { SaveBarProgress, SaveProgress } from './save-progress';
import { SaveSuccessModal, type SaveSummary } from './save-success-modal';
import { TagsField } from './tags-field';
import { VideoDialog } from './video-dialog';

/** "2 fotos y 1 video": what is queued and not uploaded yet. */
function describeQueuedFiles(photos: number, videos: number): string {
  const parts: string[] = [];
  if (photos > 0) parts.push(countLabel(photos, 'foto', 'fotos'));
  if (videos > 0) parts.push(countLabel(videos, 'video', 'videos'));
  return parts.join(' y ');
}

const flagOptions = [
  { value: '0', label: petFormMessages.flagNo },
  { value: '1', label: petFormMessages.flagYes },
];

interface PetFormProps {
  /** The loaded pet (Editar), or null for a new one (Agregar). */
  pet: PetView | null;
  /** Reads the pet again from the server (Editar): after 'Seguir Editando' and after a conflict. */
  onReloadPet?: () => Promise<PetView | undefined>;
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

/**
 * The form's resolver with the organisation's own fields checked too (`customFieldIssues`, the server's own check):
 * their errors go under `campos.<clave>`, beside those of the pet's fields.
 */
function withCustomFieldCheck(
  base: Resolver<PetFormValues, unknown, PetFields>,
  { rules, saved }: { rules: readonly CustomField[]; saved: CustomFieldValues },
): Resolver<PetFormValues, unknown, PetFields> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const issues = customFieldIssues(rules, values.campos, { especie: values.tipo, saved });
    if (issues.length === 0) return result;
    const campos = Object.fromEntries(issues.map(({ clave, message }) => [clave, { type: 'custom', message }]));
    return { values: {}, errors: { ...result.errors, campos } };
  };
}

/**
 * The pet form of SPEC section 2 ("Edit pet screen"), shared by Editar and Agregar: fields validated by the
 * server's own `petFieldsSchema`, main image, additional images and videos queued for upload, and the save
 * sequence of SPEC section 4 with a progress bar per request.
 */
export function PetForm(props: PetFormProps) {
  // Publication dates are picked in the organisation's time zone: the form starts once it is known.
  const organization = useQuery(organizationSettingsQueryOptions);
  if (organization.isPending) return <Loader role="status" aria-label="Cargando..." m="xl" />;
  return <PetFormInZone {...props} timeZone={organization.data?.zonaHoraria ?? DEFAULT_ORG_TIME_ZONE} />;
}

function PetFormInZone({ pet, onReloadPet, timeZone }: PetFormProps & { timeZone: string }) {
  const navigate = useNavigate();
  const petId = pet?.id ?? null;
  const isEdit = pet !== null;

  // SPEC section 4: the pet is loaded (by the screen), then its images, then its videos.
  const images = usePetImages(petId);
  const videos = usePetVideos(petId, { enabled: images.isSuccess || images.isError });

  const initialValues = () => (pet ? petToFormValues(pet, timeZone) : newPetFormValues(dayjs().format('YYYY-MM-DD')));

  // The organisation's own fields (DESIGN section 21): those of the pet's species, checked as the server does.
  const customFields = useActiveCustomFields('mascota');
  const savedCampos = useMemo(() => (pet ? camposOf(pet) : {}), [pet]);
  const maskedCampos = useMemo(() => maskedKeys(savedCampos), [savedCampos]);
  // The form's props are read again on every render: the check follows the definitions once they arrive.
  const customRules = customFields.data;
  const resolver = useMemo(
    () => withCustomFieldCheck(zodResolver(petFormSchema(timeZone)), { rules: customRules ?? [], saved: savedCampos }),
    [timeZone, customRules, savedCampos],
  );

  const form = useForm<PetFormValues, unknown, PetFields>({ resolver, defaultValues: initialValues() });
  const { errors, isDirty } = form.formState;
  const estado = useWatch({ control: form.control, name: 'estado' });
  const tipo = useWatch({ control: form.control, name: 'tipo' });
  const shownCustomFields = formCustomFields(customFields.data ?? [], tipo);
  /** What was typed in the own fields over the values the form started from (kept when a newer version loads). */
  const typedCampos = () =>
    editedCustomFieldValues(form.formState.defaultValues?.campos as CustomFieldFormValues | undefined, form.getValues('campos'));
  const putBackCampos = (typed: CustomFieldFormValues) => {
    for (const [clave, value] of Object.entries(typed)) form.setValue(`campos.${clave}`, value, { shouldDirty: true });
  };

  const media = usePetMedia();
  const [imagesDialogOpened, imagesDialog] = useDisclosure(false);
  const [videoDialogOpened, videoDialog] = useDisclosure(false);
  const [summary, setSummary] = useState<SaveSummary | null>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const { save, steps, isSaving, clearSteps } = usePetSave();
  const ai = usePetAi(form);
  const [conflict, setConflict] = useState<{ latest: PetFormValues; fields: FieldConflict[]; campos: CustomFieldFormValues } | null>(null);

  // Leaving with changes not saved (typed values or chosen files) asks first; saving makes the form clean again.
  const hasQueuedFiles = media.mainImage !== null || media.queuedImages.length > 0 || media.queuedVideos.length > 0;
  useUnsavedChangesPrompt((isDirty || hasQueuedFiles) && summary === null);

  /**
   * REINICIAR (SPEC section 2): the form values come back from the loaded pet. Photos and videos chosen but not
   * uploaded yet are never dropped silently: with some queued, the person chooses to keep or discard them.
   */
  const [askingReset, setAskingReset] = useState(false);
  const queuedPhotos = media.queuedImages.length + (media.mainImage ? 1 : 0);
  const queuedVideos = media.queuedVideos.length;
  const resetForm = ({ discardFiles }: { discardFiles: boolean }) => {
    setAskingReset(false);
    form.reset(initialValues());
    if (discardFiles) media.clear();
    clearSteps();
  };
  const askReset = () => (hasQueuedFiles ? setAskingReset(true) : resetForm({ discardFiles: false }));

  const reloadLatest = async () => {
    const latest = await onReloadPet?.();
    if (latest) form.reset(petToFormValues(latest, timeZone));
    return latest;
  };

  /**
   * After a conflict: the newest version goes into the form, but what was typed is not thrown away. When some
   * typed value differs from the newest one, the conflict dialog lets the person keep either, field by field.
   */
  const loadLatest = async () => {
    const latest = await onReloadPet?.();
    if (!latest) return false;
    const latestValues = petToFormValues(latest, timeZone);
    const fields = diffPetFormValues(form.getValues(), latestValues, form.formState.dirtyFields);
    const campos = typedCampos();
    if (fields.length === 0) {
      form.reset(latestValues);
      putBackCampos(campos);
      return true;
    }
    setConflict({ latest: latestValues, fields, campos });
    return false;
  };

  const applyConflictChoices = (choices: ConflictChoices) => {
    if (!conflict) return;
    form.reset(conflict.latest);
    for (const { field, mine } of conflict.fields) {
      if (choices[field] === 'mine') form.setValue(field, mine, { shouldDirty: true });
    }
    // What was typed in the own fields stays on top of the newer version.
    putBackCampos(conflict.campos);
    setConflict(null);
    clearSteps();
    notifications.show({ color: 'cyan', title: petFormMessages.reloadedTitle, message: petFormMessages.reloadedText });
  };

  /**
   * "Hacer principal" changed the pet (its version went up by one). When nobody else changed it meanwhile (the
   * answer is exactly one version past the form's), the form takes the new version, so the next GUARDAR is not
   * a false conflict; typed changes stay as they are. Otherwise the form keeps its version and the next save
   * reports the other person's change as usual.
   */
  const followMainImageChange = (updated: PetView) => {
    if (form.getValues('version') !== String(updated.version - 1)) return;
    // The version has no input: registering it lets resetField move its value and its default together.
    form.register('version');
    form.resetField('version', { defaultValue: String(updated.version) });
  };

  const showSaveError = usePetSaveErrors({
    setError: form.setError,
    loadLatest,
    onReloaded: clearSteps,
    extraFields: () => customFieldErrorPaths(customFields.data ?? []),
  });

  const improveButton = (campo: ImprovableField) => (
    <Group justify="flex-end" mt={6}>
      <AiButton
        availability={ai.availability}
        loading={ai.improving === campo}
        busy={ai.improving !== null}
        disabled={isSaving}
        leftSection={<IconSparkles size={14} aria-hidden="true" />}
        onClick={() => void ai.improveField(campo)}
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
        // The own fields the form shows, once their definitions are known (else the saved values stay as they are).
        body: buildPetFormData(
          fields,
          media.mainImage?.file ?? null,
          customFields.isSuccess
            ? customFieldsPayload(customFields.data, form.getValues('campos'), { especie: fields.tipo, saved: savedCampos })
            : undefined,
        ),
        images: media.queuedImages.map((q) => q.file),
        videos: media.queuedVideos.map((q) => q.file),
      });
      media.clear();
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
      showSaveError(error);
    }
  });

  // Ctrl+S (Cmd+S) saves, also while typing in a field.
  useHotkeys([['mod+S', () => void onSubmit()]], []);

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
      <form noValidate aria-label={isEdit ? petFormMessages.formLabelEdit : petFormMessages.formLabelAdd} onSubmit={(event) => void onSubmit(event)}>
        <fieldset disabled={isSaving} className={classes.fieldset}>
          <Stack gap="lg">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
                  <Title order={2} fz="h4" mb="md">
                    {petFormMessages.fieldsTitle}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                    <TextInput
                      label={petFormMessages.nombre}
                      required
                      autoComplete="off"
                      error={errors.nombre?.message}
                      {...form.register('nombre')}
                    />
                    <TextInput
                      label={petFormMessages.edad}
                      required
                      autoComplete="off"
                      placeholder={petFormMessages.edadPlaceholder}
                      error={errors.edad?.message}
                      {...form.register('edad')}
                    />
                    <SelectField control={form.control} name="tipo" label={petFormMessages.tipo} data={PET_TYPES} />
                    <SelectField control={form.control} name="genero" label={petFormMessages.genero} data={PET_GENDERS} />
                    <SelectField control={form.control} name="tamano" label={petFormMessages.tamano} data={PET_SIZES} />
                    <SelectField control={form.control} name="discapacidad" label={petFormMessages.discapacidad} data={flagOptions} />
                    <Controller
                      control={form.control}
                      name="fechaingreso"
                      render={({ field, fieldState }) => (
                        <DateInput
                          ref={field.ref}
                          label={petFormMessages.fechaingreso}
                          description={petFormMessages.fechaingresoDescription}
                          valueFormat="YY-MM-DD"
                          placeholder={petFormMessages.fechaingresoPlaceholder}
                          clearable
                          clearButtonProps={{ 'aria-label': 'Borrar la fecha de ingreso' }}
                          leftSection={<IconCalendar size={16} aria-hidden="true" />}
                          value={field.value === '' ? null : field.value}
                          onChange={(value) => field.onChange(value ?? '')}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          popoverProps={{ withinPortal: true }}
                        />
                      )}
                    />
                    <SelectField control={form.control} name="adoptado" label={petFormMessages.adoptado} data={flagOptions} />
                  </SimpleGrid>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
                  <MainImageField
                    currentUrl={pet?.imagenprincipalUrl ?? null}
                    chosen={media.mainImage}
                    error={media.mainImageError}
                    oversized={media.oversizedMainImage}
                    disabled={isSaving}
                    onChoose={(file) => void media.chooseMainImage(file)}
                    onClear={media.clearMainImage}
                  />
                </Paper>
              </Grid.Col>
            </Grid>

            <PetIdentityFields control={form.control} register={form.register} pet={pet ? { id: pet.id, pesoKg: pet.pesoKg } : null} />

            {shownCustomFields.length > 0 ? (
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
                <CustomFieldInputs
                  control={form.control}
                  fields={shownCustomFields}
                  masked={maskedCampos}
                  legend={
                    <Title order={2} fz="h4" mb="xs">
                      Campos propios
                    </Title>
                  }
                />
              </Paper>
            ) : null}

            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Group justify="space-between" align="baseline" mb="md" gap="xs">
                <Title order={2} fz="h4">
                  {petFormMessages.publicationTitle}
                </Title>
                {pet ? (
                  <Group gap={6}>
                    <Text size="sm">{petFormMessages.currentState}</Text>
                    <Badge color={estadoColors[pet.estado]} variant="light">
                      {estadoLabels[pet.estado]}
                    </Badge>
                  </Group>
                ) : null}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <Controller
                  control={form.control}
                  name="estado"
                  render={({ field, fieldState }) => (
                    <Radio.Group
                      label={petFormMessages.estado}
                      description={petFormMessages.estadoDescription}
                      value={field.value ?? 'borrador'}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                    >
                      <Group gap="md" mt="xs">
                        {PUBLICATION_STATES.map((state) => (
                          <Radio key={state} value={state} label={estadoLabels[state]} onBlur={field.onBlur} />
                        ))}
                      </Group>
                    </Radio.Group>
                  )}
                />
                {estado === 'programada' ? (
                  <Controller
                    control={form.control}
                    name="publicarEn"
                    render={({ field, fieldState }) => (
                      <PublicationDateTimePicker
                        timeZone={timeZone}
                        inputRef={field.ref}
                        label={petFormMessages.publicarEn}
                        required
                        value={field.value ? field.value : null}
                        onChange={(value) => field.onChange(value ?? '')}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                ) : null}
              </SimpleGrid>
            </Paper>

            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="lg">
                <div>
                  <Textarea
                    label={petFormMessages.historia}
                    autosize
                    minRows={4}
                    maxRows={14}
                    error={errors.historia?.message}
                    {...form.register('historia')}
                  />
                  {improveButton('historia')}
                </div>
                <div>
                  <Textarea
                    label={petFormMessages.personalidad}
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
                  aiAvailability={ai.availability}
                  generating={ai.generatingTags}
                  onGenerate={() => void ai.generateTags()}
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <PetImagesSection
                petId={petId}
                images={isEdit ? images : null}
                queued={media.queuedImages}
                disabled={isSaving}
                onRemoveQueued={media.removeImage}
                onOpenDialog={imagesDialog.open}
                onMainChanged={followMainImageChange}
              />
            </Paper>

            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <PetVideosSection
                petId={petId}
                videos={isEdit ? videos : null}
                queued={media.queuedVideos}
                disabled={isSaving}
                onRemoveQueued={media.removeVideo}
                onOpenDialog={videoDialog.open}
              />
            </Paper>

            <SaveProgress steps={steps} />
          </Stack>
        </fieldset>

        <Group justify="flex-end" gap="sm" mt="lg" wrap={isSaving ? 'wrap' : 'nowrap'} className={classes.actions} data-sticky-bar>
          {isSaving ? <SaveBarProgress steps={steps} /> : null}
          <Button type="button" variant="default" onClick={askReset} disabled={isSaving}>
            {petFormMessages.resetButton}
          </Button>
          <Button type="submit" loading={isSaving} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
            {petFormMessages.saveButton}
          </Button>
        </Group>
      </form>

      <ImagesDialog opened={imagesDialogOpened} queuedCount={media.queuedImages.length} onClose={imagesDialog.close} onAdd={media.addImages} />
      <VideoDialog opened={videoDialogOpened} onClose={videoDialog.close} onAdd={media.addVideo} />
      <Modal
        opened={askingReset}
        onClose={() => setAskingReset(false)}
        title={petFormMessages.resetTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar diálogo' }}
      >
        <Stack gap="md">
          <Text size="sm">{petFormMessages.resetText(describeQueuedFiles(queuedPhotos, queuedVideos))}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAskingReset(false)}>
              {petFormMessages.resetCancel}
            </Button>
            <Button variant="light" color="red" onClick={() => resetForm({ discardFiles: true })}>
              {petFormMessages.resetDiscardFiles}
            </Button>
            <Button data-autofocus onClick={() => resetForm({ discardFiles: false })}>
              {petFormMessages.resetKeepFiles}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConflictDialog conflicts={conflict?.fields ?? null} onApply={applyConflictChoices} />
      <ImproveTextModal proposal={ai.proposal} onAccept={ai.acceptProposal} onDiscard={ai.discardProposal} />
      <SaveSuccessModal
        title={isEdit ? petMessages.saveSuccessTitle : petFormMessages.createdTitle}
        summary={summary}
        onDashboard={() => void navigate('/')}
        onContinue={continueEditing}
      />
    </DatesProvider>
  );
}
