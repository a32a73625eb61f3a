import { zodResolver } from '@hookform/resolvers/zod';
import { registrationFieldsSchema, type LinkCheck, type RegistrationFields } from '@refugio/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { submitRegistration } from '../api/submit-registration';
import { checkMedia, type MediaErrors } from '../lib/media-checks';
import {
  buildRegistrationBody,
  clearDraft,
  emptyMedia,
  emptyRegistrationValues,
  loadDraft,
  registrationTextFields,
  saveDraft,
  type RegistrationMedia,
  type RegistrationValues,
} from '../lib/registration-values';

/** Said beside the send button when the form cannot go yet (the first field to fix has the focus). */
export const FIX_FIELDS_MESSAGE = 'Revisa los campos marcados antes de enviar.';

/** The media pickers' buttons, by field: where the focus goes when a file is what must be fixed. */
export const mediaButtonId = (field: keyof RegistrationMedia) => `registro-${field}`;

export type SubmitState =
  | { status: 'idle' }
  | { status: 'sending'; loaded: number; total: number }
  | { status: 'failed'; message: string; retryable: boolean }
  | { status: 'done'; reference: number };

/**
 * The public registration form's state: the typed values (validated by the contracts schema, kept in
 * sessionStorage so a failed upload or a reload loses nothing), the chosen files, and the submission with
 * its upload progress. A failed submission can be sent again as it is.
 */
export function useRegistration(enlaceId: string | undefined) {
  const form = useForm<RegistrationValues, unknown, RegistrationFields>({
    resolver: zodResolver(registrationFieldsSchema),
    defaultValues: { ...emptyRegistrationValues, ...loadDraft(), enlaceId: enlaceId ?? '' },
    mode: 'onTouched',
  });
  const [media, setMediaState] = useState<RegistrationMedia>(emptyMedia);
  const [mediaErrors, setMediaErrors] = useState<MediaErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [state, setState] = useState<SubmitState>({ status: 'idle' });
  // Files are checked by their content (asynchronous): only the latest choice's answer is shown.
  const mediaCheck = useRef(0);
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  const values = useWatch({ control: form.control });
  useEffect(() => {
    saveDraft({ ...emptyRegistrationValues, ...values });
  }, [values]);
  useEffect(() => () => abort.current?.abort(), []);

  const setMedia = (next: RegistrationMedia) => {
    setMediaState(next);
    const check = ++mediaCheck.current;
    void checkMedia(next).then((errors) => {
      if (check === mediaCheck.current) setMediaErrors(errors);
    });
  };

  /**
   * The form cannot go: says so beside the button and, when no text field took the focus (react-hook-form
   * focuses the first one to fix, in the form's order), puts it on the first file to fix.
   */
  const showWhatToFix = (fileErrors: MediaErrors, textFocused: boolean) => {
    setFormError(FIX_FIELDS_MESSAGE);
    if (textFocused) return;
    const firstFile = (['image', 'imagenes', 'videos'] as const).find((field) => fileErrors[field]);
    if (firstFile) requestAnimationFrame(() => document.getElementById(mediaButtonId(firstFile))?.focus());
  };

  /** Sends the form; resolves true when the server accepted it. */
  const send = async (): Promise<boolean> => {
    setFormError(null);
    mediaCheck.current++;
    const [errors, valid] = await Promise.all([checkMedia(media), form.trigger(undefined, { shouldFocus: true })]);
    setMediaErrors(errors);
    if (!valid || Object.keys(errors).length > 0) {
      showWhatToFix(errors, !valid);
      return false;
    }
    const body = buildRegistrationBody(form.getValues(), media);
    abort.current = new AbortController();
    setState({ status: 'sending', loaded: 0, total: 1 });
    try {
      const { id } = await submitRegistration(body, {
        signal: abort.current.signal,
        onProgress: ({ loaded, total }) => setState({ status: 'sending', loaded, total }),
      });
      clearDraft();
      // The link's banner counts this registration at once ("Puedes registrar N mascotas más"), without asking
      // again: a link now used up must not replace the confirmation and its reference number.
      if (enlaceId) {
        queryClient.setQueryData<LinkCheck>(['enlace-publico', enlaceId], (check) =>
          check?.valido ? { ...check, restantes: Math.max(0, check.restantes - 1) } : check,
        );
      }
      setState({ status: 'done', reference: id });
      return true;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return false;
      const textRefused = setServerFieldErrors(error, registrationTextFields, form.setError);
      const fileErrors: MediaErrors = {};
      if (error instanceof ApiError && error.fieldErrors) {
        for (const key of ['image', 'imagenes', 'videos'] as const) if (error.fieldErrors[key]) fileErrors[key] = error.fieldErrors[key];
        setMediaErrors(fileErrors);
      }
      if (textRefused || Object.keys(fileErrors).length > 0) showWhatToFix(fileErrors, textRefused);
      // A link that became unusable meanwhile (revoked, expired, used up): the page explains it, with whom to ask.
      if (enlaceId && error instanceof ApiError && error.status === 422)
        void queryClient.invalidateQueries({ queryKey: ['enlace-publico', enlaceId] });
      // A refused form (4xx) needs changes first; a dropped connection or a server hiccup can simply be retried.
      const retryable = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
      setState({ status: 'failed', message: getErrorMessage(error), retryable });
      return false;
    }
  };

  /** Another pet through the same link: the contact stays, the pet's fields and files are cleared. */
  const startAnother = () => {
    const { contactoNombre, contactoEmail, contactoTelefono } = form.getValues();
    form.reset({ ...emptyRegistrationValues, contactoNombre, contactoEmail, contactoTelefono, enlaceId: enlaceId ?? '' });
    setMediaState(emptyMedia);
    setMediaErrors({});
    setFormError(null);
    setState({ status: 'idle' });
    // The link has one place less now; a used-up link explains itself instead of showing the form again.
    if (enlaceId) void queryClient.invalidateQueries({ queryKey: ['enlace-publico', enlaceId] });
  };

  return { form, media, setMedia, mediaErrors, formError, state, send, startAnother };
}

export type Registration = ReturnType<typeof useRegistration>;
