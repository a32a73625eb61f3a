import {
  APPLICANT_ADDRESS_MAX,
  APPLICANT_CITY_MAX,
  APPLICANT_EMAIL_MAX,
  APPLICANT_NAME_MAX,
  APPLICANT_PHONE_MAX,
  APPLICATION_TEXT_MAX,
  adoptionMessages,
} from '@refugio/contracts';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../lib/api-client';
import { submitApplication } from '../api/public-pets';
import {
  type ApplicationFormValues,
  applicationFieldOrder,
  emptyApplication,
  toApplicationInput,
  validateApplication,
} from '../lib/application-form';

type Field = keyof ApplicationFormValues;

/**
 * What an input needs to be bound to one field of the form: a small stand-in for react-hook-form's
 * `register`, which would cost these pages about 14 KB gzip of their 30 KiB budget on the wire (scripts/size.ts).
 */
interface Registration {
  name: Field;
  value?: string;
  checked?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={id}>
      {error}
    </p>
  ) : null;
}

function TextField({
  label,
  error,
  hint,
  registration,
  type = 'text',
  ...rest
}: {
  label: string;
  error: string | undefined;
  hint?: string;
  registration: Registration;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
}) {
  const id = `campo-${registration.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        {...rest}
        {...registration}
      />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

function TextArea({ label, error, hint, registration }: { label: string; error: string | undefined; hint?: string; registration: Registration }) {
  const id = `campo-${registration.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        rows={3}
        maxLength={APPLICATION_TEXT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        {...registration}
      />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

function Choice({
  legend,
  error,
  registration,
  options,
}: {
  legend: string;
  error: string | undefined;
  registration: Registration;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <fieldset className="field choice">
      <legend>{legend}</legend>
      <div className="choice-options">
        {options.map((option, index) => (
          <label key={option.value} className="choice-option">
            <input
              type="radio"
              id={index === 0 ? `campo-${registration.name}` : undefined}
              name={registration.name}
              value={option.value}
              checked={registration.value === option.value}
              onChange={registration.onChange}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

function Check({ label, error, registration }: { label: ReactNode; error: string | undefined; registration: Registration }) {
  const id = useId();
  return (
    <div className="field">
      <label className="check">
        <input
          type="checkbox"
          id={`campo-${registration.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <span>{label}</span>
      </label>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

const yesNoOptions = [
  { value: 'si', label: 'Sí' },
  { value: 'no', label: 'No' },
];

/**
 * The adoption application for one pet. The rules are the server's own (contracts); the server's answer
 * (field errors, "already applied", "no longer available") is shown on the fields or above the button.
 */
export function ApplicationForm({ petId, petName }: { petId: number; petName: string }) {
  const [values, setValues] = useState<ApplicationFormValues>(emptyApplication);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const err = (field: Field) => errors[field];
  const rented = values.viviendaPropia === 'no';

  const register = (name: Field): Registration => {
    const current = values[name];
    return {
      name,
      ...(typeof current === 'boolean' ? { checked: current } : { value: current }),
      onChange: (event) => {
        const target = event.currentTarget;
        const next = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
        setValues((before) => ({ ...before, [name]: next }));
        if (errors[name]) setErrors((before) => ({ ...before, [name]: undefined }));
      },
    };
  };

  /** Shows the errors on their fields and focuses the first one (in the form's order). */
  const showFieldErrors = (fieldErrors: Partial<Record<string, string>>) => {
    const fields = applicationFieldOrder.filter((field) => fieldErrors[field]);
    setErrors(Object.fromEntries(fields.map((field) => [field, fieldErrors[field]])));
    if (fields[0]) requestAnimationFrame(() => document.getElementById(`campo-${fields[0]}`)?.focus());
    return fields.length > 0;
  };

  const onSubmit = async () => {
    setFormError(null);
    const input = toApplicationInput(petId, values);
    if (showFieldErrors(validateApplication(input))) {
      setFormError('Revisa los campos marcados antes de enviar.');
      return;
    }
    setSubmitting(true);
    try {
      await submitApplication(input);
      setSent(true);
      requestAnimationFrame(() => confirmationRef.current?.focus());
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors && showFieldErrors(error.fieldErrors)) {
        setFormError('Revisa los campos marcados antes de enviar.');
      } else if (error instanceof ApiError && error.status === 404) {
        setFormError(adoptionMessages.petNotFound);
      } else if (error instanceof ApiError && error.hasServerMessage) {
        setFormError(error.message);
      } else if (error instanceof NetworkError) {
        setFormError('No se pudo conectar. Revisa tu conexión e inténtalo de nuevo.');
      } else {
        setFormError('No se pudo enviar la solicitud. Inténtalo de nuevo en unos minutos.');
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <div className="confirmation" role="status">
        <h2 tabIndex={-1} ref={confirmationRef}>
          {adoptionMessages.received}
        </h2>
        <p>
          Recibimos tu solicitud para adoptar a <strong>{petName}</strong>. {adoptionMessages.receivedText}
        </p>
        <p>
          <a className="button button-secondary" href="/adopta">
            Ver más mascotas
          </a>
        </p>
      </div>
    );
  }

  return (
    <form
      className="application"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      aria-labelledby="application-title"
    >
      <h2 id="application-title">Solicitar la adopción de {petName}</h2>
      <p className="hint">Todos los campos son obligatorios salvo los que dicen «opcional». Te contactaremos para continuar.</p>

      <fieldset>
        <legend>Tus datos</legend>
        <TextField
          label="Nombre completo"
          error={err('nombre')}
          autoComplete="name"
          maxLength={APPLICANT_NAME_MAX}
          registration={register('nombre')}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          inputMode="email"
          autoComplete="email"
          error={err('email')}
          maxLength={APPLICANT_EMAIL_MAX}
          registration={register('email')}
        />
        <TextField
          label="Teléfono"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={err('telefono')}
          maxLength={APPLICANT_PHONE_MAX}
          registration={register('telefono')}
        />
        <TextField
          label="Edad (años)"
          inputMode="numeric"
          hint="Debes ser mayor de edad."
          error={err('edad')}
          maxLength={3}
          registration={register('edad')}
        />
        <TextField
          label="Ciudad"
          autoComplete="address-level2"
          error={err('ciudad')}
          maxLength={APPLICANT_CITY_MAX}
          registration={register('ciudad')}
        />
        <TextField
          label="Dirección"
          autoComplete="street-address"
          error={err('direccion')}
          maxLength={APPLICANT_ADDRESS_MAX}
          registration={register('direccion')}
        />
      </fieldset>

      <fieldset>
        <legend>Tu hogar</legend>
        <Choice
          legend="Tipo de vivienda"
          error={err('vivienda')}
          registration={register('vivienda')}
          options={[
            { value: 'casa', label: 'Casa' },
            { value: 'departamento', label: 'Departamento' },
            { value: 'otro', label: 'Otro' },
          ]}
        />
        <Choice legend="¿La vivienda es propia?" error={err('viviendaPropia')} registration={register('viviendaPropia')} options={yesNoOptions} />
        {rented ? (
          <Choice
            legend="¿El propietario permite mascotas?"
            error={err('permiteMascotas')}
            registration={register('permiteMascotas')}
            options={yesNoOptions}
          />
        ) : null}
        <Choice legend="¿Tienes patio?" error={err('patio')} registration={register('patio')} options={yesNoOptions} />
        <TextField
          label="Personas que viven en casa (tú incluido)"
          inputMode="numeric"
          error={err('personasEnCasa')}
          maxLength={2}
          registration={register('personasEnCasa')}
        />
        <TextField
          label="Niños que viven en casa"
          inputMode="numeric"
          error={err('ninosEnCasa')}
          maxLength={2}
          registration={register('ninosEnCasa')}
        />
        <TextField
          label="Horas al día que estaría sola la mascota"
          inputMode="numeric"
          hint="De 0 a 24."
          error={err('horasSolo')}
          maxLength={2}
          registration={register('horasSolo')}
        />
      </fieldset>

      <fieldset>
        <legend>Tu experiencia</legend>
        <TextArea
          label="Otras mascotas en casa (opcional)"
          hint="Cuáles, edad y si están esterilizadas."
          error={err('otrasMascotas')}
          registration={register('otrasMascotas')}
        />
        <TextArea label="Experiencia previa con mascotas (opcional)" error={err('experiencia')} registration={register('experiencia')} />
        <TextArea label="¿Por qué quieres adoptar?" error={err('motivo')} registration={register('motivo')} />
      </fieldset>

      <fieldset>
        <legend>Compromisos</legend>
        <Check
          label="Acepto que el refugio visite mi hogar antes de la adopción."
          error={err('aceptaVisita')}
          registration={register('aceptaVisita')}
        />
        <Check
          label="Acepto el aviso de privacidad: mis datos se usan solo para evaluar esta solicitud y contactarme; no se comparten con terceros."
          error={err('aceptaPrivacidad')}
          registration={register('aceptaPrivacidad')}
        />
      </fieldset>

      {/* Honeypot: people never see or reach it; a bot that fills it is answered without storing anything. */}
      <div className="trap" aria-hidden="true">
        <label>
          Sitio web
          <input type="text" tabIndex={-1} autoComplete="off" {...register('sitioWeb')} />
        </label>
      </div>

      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? 'Enviando...' : 'Enviar solicitud'}
      </button>
    </form>
  );
}
