import { zodResolver } from '@hookform/resolvers/zod';
import { registrationFieldsSchema, type RegistrationFields } from '@refugio/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { getErrorMessage } from '../../../lib/get-error-message';
import { submitRegistration } from '../api/submit-registration';
import { checkMedia } from '../lib/media-checks';
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
  const [mediaErrors, setMediaErrors] = useState<Partial<Record<keyof RegistrationMedia, string>>>({});
  const [state, setState] = useState<SubmitState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  const values = useWatch({ control: form.control });
  useEffect(() => {
    saveDraft({ ...emptyRegistrationValues, ...values });
  }, [values]);
  useEffect(() => () => abort.current?.abort(), []);

  const setMedia = (next: RegistrationMedia) => {
    setMediaState(next);
    setMediaErrors(checkMedia(next));
  };

  /** Sends the form; resolves true when the server accepted it. */
  const send = async (): Promise<boolean> => {
    const errors = checkMedia(media);
    setMediaErrors(errors);
    if (Object.keys(errors).length > 0) return false;
    const valid = await form.trigger();
    if (!valid) return false;
    const body = buildRegistrationBody(form.getValues(), media);
    abort.current = new AbortController();
    setState({ status: 'sending', loaded: 0, total: 1 });
    try {
      const { id } = await submitRegistration(body, {
        signal: abort.current.signal,
        onProgress: ({ loaded, total }) => setState({ status: 'sending', loaded, total }),
      });
      clearDraft();
      setState({ status: 'done', reference: id });
      return true;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return false;
      setServerFieldErrors(error, registrationTextFields, form.setError);
      if (error instanceof ApiError && error.fieldErrors) {
        const fileErrors: Partial<Record<keyof RegistrationMedia, string>> = {};
        for (const key of ['image', 'imagenes', 'videos'] as const) if (error.fieldErrors[key]) fileErrors[key] = error.fieldErrors[key];
        setMediaErrors(fileErrors);
      }
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
    setState({ status: 'idle' });
    // The link has one place less now; a used-up link explains itself instead of showing the form again.
    if (enlaceId) void queryClient.invalidateQueries({ queryKey: ['enlace-publico', enlaceId] });
  };

  return { form, media, setMedia, mediaErrors, state, send, startAnother };
}

export type Registration = ReturnType<typeof useRegistration>;
