import { SURRENDER_LIMITS, surrenderMessages } from '@refugio/contracts';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { PhotoPicker, usePhotoPicker } from '../public/components/photo-picker';
import { useDraft } from '../public/lib/use-draft';
import { type CesionField, type CesionValues, CESION_FIELDS, cesionFormData, checkCesion, emptyCesion } from './cesion-form';

const SPECIES = ['Perro', 'Gato', 'Conejo'] as const;
const SEXES = [
  ['macho', 'Macho'],
  ['hembra', 'Hembra'],
] as const;
/** Never kept in the tab's draft: the honeypot. */
const OMITTED = ['sitioWeb'] as const;
const URGENCIES = [
  ['baja', 'Baja: puedo esperar unas semanas'],
  ['media', 'Media: necesito una solución este mes'],
  ['alta', 'Alta: es urgente'],
] as const;

function ErrorText({ field, error }: { field: CesionField; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={`campo-${field}-error`}>
      {error}
    </p>
  ) : null;
}

/**
 * `/cesion` (DESIGN section 19), phone-first: the owner, the animal, its photos, the reason and the urgency, the
 * privacy notice, and a reference number once sent. What is typed is kept when sending fails and across a reload
 * (the tab's draft, forgotten once sent); photos are reduced on the phone and listed with a thumbnail each.
 */
export function CesionApp() {
  const draft = useDraft<CesionValues>('cesion', emptyCesion, OMITTED);
  const { values, setValues } = draft;
  const [errors, setErrors] = useState<Partial<Record<CesionField, string>>>({});
  const photos = usePhotoPicker({
    max: SURRENDER_LIMITS.photos,
    maxBytes: SURRENDER_LIMITS.photoBytes,
    messages: surrenderMessages,
    onProblem: (problem) => setErrors((before) => ({ ...before, fotos: problem })),
  });
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<number | undefined>();
  const thanksRef = useRef<HTMLHeadingElement>(null);

  const set = (field: keyof CesionValues, value: string | boolean) => setValues((before) => ({ ...before, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const files = photos.photos.map((p) => p.file);
    const found = checkCesion(values, files);
    setErrors(found);
    const first = [...CESION_FIELDS, 'fotos' as const].find((f) => found[f]);
    if (first) {
      setFormError('Revisa los campos marcados.');
      document.getElementById(`campo-${first}`)?.focus();
      return;
    }
    setSending(true);
    setFormError(undefined);
    try {
      const res = await fetch('/api/public/cesiones', {
        method: 'POST',
        body: cesionFormData(values, files),
        headers: { accept: 'application/json' },
      });
      const body = (await res.json().catch(() => ({}))) as { id?: number; message?: string; fieldErrors?: Record<string, string> };
      if (!res.ok) {
        setErrors(body.fieldErrors ?? {});
        setFormError(body.message ?? 'No se pudo enviar la solicitud. Inténtalo de nuevo.');
        return;
      }
      draft.clear();
      photos.clear();
      setDone(body.id ?? 0);
      setTimeout(() => thanksRef.current?.focus(), 0);
    } catch {
      setFormError('No se pudo enviar: comprueba tu conexión e inténtalo de nuevo. No has perdido lo escrito.');
    } finally {
      setSending(false);
    }
  }

  const text = (field: keyof CesionValues & CesionField, label: string, extra: Record<string, unknown> = {}, hint?: string) => {
    const error = errors[field];
    const described = [hint ? `campo-${field}-hint` : '', error ? `campo-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field">
        <label htmlFor={`campo-${field}`}>{label}</label>
        {hint ? (
          <p className="hint" id={`campo-${field}-hint`}>
            {hint}
          </p>
        ) : null}
        <input
          id={`campo-${field}`}
          name={field}
          type="text"
          value={values[field] as string}
          onChange={(e) => set(field, e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...extra}
        />
        <ErrorText field={field} error={error} />
      </div>
    );
  };

  const choice = (field: 'especie' | 'sexo' | 'urgencia', legend: string, options: readonly (readonly [string, string])[]): ReactNode => (
    <fieldset className="field" aria-describedby={errors[field] ? `campo-${field}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {options.map(([value, label], i) => (
          <label key={value} className="choice-option">
            <input
              type="radio"
              name={field}
              value={value}
              id={i === 0 ? `campo-${field}` : undefined}
              checked={values[field] === value}
              onChange={() => set(field, value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      <ErrorText field={field} error={errors[field]} />
    </fieldset>
  );

  let content: ReactNode;
  if (done !== undefined) {
    content = (
      <section className="confirmation" aria-live="polite">
        <h1 ref={thanksRef} tabIndex={-1}>
          Hemos recibido tu solicitud
        </h1>
        <p>
          Tu número de referencia es <strong>{done}</strong>. El equipo del refugio la leerá y se pondrá en contacto contigo. Si el animal entra en el
          refugio, firmarás un contrato de cesión.
        </p>
      </section>
    );
  } else {
    content = (
      <form noValidate onSubmit={(e) => void submit(e)}>
        <h1>Ceder un animal al refugio</h1>
        <p className="intro">
          Si no puedes seguir cuidando de tu animal, cuéntanos quién es y qué ocurre. Revisamos cada solicitud según su urgencia y las plazas que
          tenemos.
        </p>
        <p className="hint">Lo que escribes se guarda en este navegador hasta que lo envíes, aunque se recargue la página (las fotos no).</p>
        <fieldset>
          <legend>Tus datos</legend>
          {text('nombre', 'Tu nombre', { autoComplete: 'name', maxLength: 120 })}
          {text(
            'documento',
            'DNI o NIE',
            { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 30 },
            'El contrato de cesión y el cambio de titular del microchip lo necesitan. Por ejemplo: 12345678Z o X1234567L.',
          )}
          {text(
            'email',
            'Correo electrónico',
            { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 },
            'Un correo o un teléfono.',
          )}
          {text('telefono', 'Teléfono', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 30 })}
        </fieldset>
        <fieldset>
          <legend>El animal</legend>
          {text('nombreAnimal', 'Su nombre', { maxLength: 80 })}
          {choice(
            'especie',
            'Especie',
            SPECIES.map((s) => [s, s] as const),
          )}
          {choice('sexo', 'Sexo', SEXES)}
          {text('edad', 'Edad aproximada', { maxLength: 60 }, 'Por ejemplo: 3 años, 8 meses.')}
          {text(
            'microchip',
            'Microchip (si lo tiene)',
            { inputMode: 'numeric', maxLength: 15 },
            'Los 15 dígitos de su tarjeta sanitaria o pasaporte.',
          )}
          <PhotoPicker
            id="campo-fotos"
            hint="Desde la cámara o la galería. Las fotos grandes se reducen en tu móvil antes de enviarlas."
            picker={photos}
            error={errors.fotos}
          />
        </fieldset>
        <fieldset>
          <legend>Por qué lo cedes</legend>
          <div className="field">
            <label htmlFor="campo-motivo">Motivo</label>
            <textarea
              id="campo-motivo"
              name="motivo"
              rows={5}
              maxLength={4000}
              value={values.motivo}
              onChange={(e) => set('motivo', e.currentTarget.value)}
              aria-invalid={errors.motivo ? true : undefined}
              aria-describedby={errors.motivo ? 'campo-motivo-error' : undefined}
            />
            <ErrorText field="motivo" error={errors.motivo} />
          </div>
          {choice('urgencia', 'Urgencia', URGENCIES)}
        </fieldset>
        <div className="legal" id="texto-privacidad">
          <h2>Aviso de privacidad</h2>
          <p>
            El refugio usará tus datos solo para gestionar esta solicitud de cesión y, si el animal entra, para el contrato de cesión y el cambio de
            titular de su microchip. Puedes pedir acceso, rectificación o supresión escribiendo al refugio.
          </p>
        </div>
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              id="campo-aceptaPrivacidad"
              checked={values.aceptaPrivacidad}
              onChange={(e) => set('aceptaPrivacidad', e.currentTarget.checked)}
              aria-invalid={errors.aceptaPrivacidad ? true : undefined}
              aria-describedby={['texto-privacidad', errors.aceptaPrivacidad ? 'campo-aceptaPrivacidad-error' : ''].filter(Boolean).join(' ')}
            />
            <span>He leído y acepto el aviso de privacidad.</span>
          </label>
          <ErrorText field="aceptaPrivacidad" error={errors.aceptaPrivacidad} />
        </div>
        {/* Honeypot: people never see or reach it; a bot that fills it is answered without storing anything. */}
        <div className="trap" aria-hidden="true">
          <label>
            Sitio web
            <input
              type="text"
              tabIndex={-1}
              autoComplete="off"
              name="sitioWeb"
              value={values.sitioWeb}
              onChange={(e) => set('sitioWeb', e.currentTarget.value)}
            />
          </label>
        </div>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Enviando...' : 'Enviar solicitud'}
        </button>
      </form>
    );
  }

  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">Cesión al refugio</p>
      </header>
      <main id="contenido" className="page">
        {content}
      </main>
    </>
  );
}
