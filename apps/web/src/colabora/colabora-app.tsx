import {
  COLABORA_ADDRESS_MAX,
  COLABORA_EMAIL_MAX,
  COLABORA_NAME_MAX,
  COLABORA_PHONE_MAX,
  COLABORA_TYPES,
  type ColaboraPage,
  type ColaboraResult,
  type FeePeriod,
  colaboraMessages,
  colaboraTypeLabels,
  feePeriodLabels,
} from '@refugio/contracts';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type ColaboraField,
  type ColaboraFormValues,
  clearDraft,
  colaboraFieldOrder,
  euros,
  fieldOfServerError,
  loadDraft,
  saveDraft,
  toColaboraInput,
} from './colabora-form';

/*
 * The answers are typed, not parsed with the contract's zod schemas: the public pages do not load zod's runtime (their
 * size budget); the server's tests check these answers against the schemas.
 */

const PERIODS: FeePeriod[] = ['mensual', 'trimestral', 'semestral', 'anual'];
const typeHints: Record<(typeof COLABORA_TYPES)[number], string> = {
  socio: 'Una cuota periódica que sostiene el día a día del refugio.',
  padrino: 'Una cuota periódica para un animal concreto, que sigues de cerca.',
  donativo: 'Una sola aportación, cuando tú quieras.',
};

function ErrorText({ field, error }: { field: ColaboraField; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={`campo-${field}-error`}>
      {error}
    </p>
  ) : null;
}

/**
 * `/colabora` (DESIGN section 15), phone-first: three big choices (member, sponsor, one-off gift), the amount, the
 * person's data, the SEPA mandate and the privacy notice in the organisation's words, and a thank-you. What is typed is
 * kept if sending fails (and in the tab's draft, but the IBAN).
 */
export function ColaboraApp() {
  const [page, setPage] = useState<{ data?: ColaboraPage; error?: string }>({});
  const [values, setValues] = useState<ColaboraFormValues>(loadDraft);
  const [errors, setErrors] = useState<Partial<Record<ColaboraField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<ColaboraResult | undefined>();
  const thanksRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    fetch('/api/public/colabora', { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error('status');
        return (await res.json()) as ColaboraPage;
      })
      .then((data) => live && setPage({ data }))
      .catch(() => live && setPage({ error: 'No se pudo cargar la página. Recarga para intentarlo de nuevo.' }));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!done) saveDraft(values);
  }, [values, done]);

  const set = (field: ColaboraField, value: string | boolean) => {
    setValues((before) => ({ ...before, [field]: value }));
    if (errors[field]) setErrors((before) => ({ ...before, [field]: undefined }));
  };
  const bind = (field: ColaboraField) => ({
    id: `campo-${field}`,
    name: field,
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(field, event.currentTarget.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `campo-${field}-error` : undefined,
  });

  const showErrors = (found: Partial<Record<ColaboraField, string>>) => {
    const fields = colaboraFieldOrder.filter((field) => found[field]);
    setErrors(found);
    if (fields[0]) requestAnimationFrame(() => document.getElementById(`campo-${fields[0]}`)?.focus());
    return fields.length > 0;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const { input, errors: missing } = toColaboraInput(values);
    if (showErrors(missing)) {
      setFormError('Revisa los campos marcados antes de enviar.');
      return;
    }
    setSending(true);
    try {
      const res = await fetch('/api/public/colabora', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(input),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string; fieldErrors?: Record<string, string> };
        const onFields: Partial<Record<ColaboraField, string>> = {};
        for (const [field, message] of Object.entries(body.fieldErrors ?? {})) {
          const target = fieldOfServerError(field, values);
          if (target) onFields[target] = message;
        }
        if (showErrors(onFields)) setFormError('Revisa los campos marcados antes de enviar.');
        else setFormError(body.message ?? colaboraMessages.sendFailed);
        return;
      }
      setDone((await res.json()) as ColaboraResult);
      clearDraft();
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch {
      setFormError(colaboraMessages.offline);
    } finally {
      setSending(false);
    }
  };

  const data = page.data;
  const tipo = values.tipo;
  const amounts = data && tipo ? data.importesSugeridos[tipo] : [];
  const org = data?.organizacion.nombre || 'el refugio';

  let content: ReactNode;
  if (page.error) {
    content = (
      <div className="notice" role="alert">
        <p>{page.error}</p>
      </div>
    );
  } else if (!data) {
    content = <p role="status">Cargando...</p>;
  } else if (done) {
    content = (
      <div className="confirmation" role="status">
        <h1 tabIndex={-1} ref={thanksRef}>
          {colaboraMessages.thanks}
        </h1>
        <p>{colaboraMessages.received}</p>
        <dl className="summary">
          <dt>Aportación</dt>
          <dd>
            {colaboraTypeLabels[done.tipo]}: {euros(done.importe)}
            {done.periodicidad ? ` (${feePeriodLabels[done.periodicidad].toLowerCase()})` : ''}
          </dd>
          <dt>Cuenta</dt>
          <dd>{done.iban}</dd>
          <dt>Referencia del mandato</dt>
          <dd>{done.mandato.referencia}</dd>
        </dl>
        <p>
          <a className="button button-secondary" href="/adopta">
            Conoce a los animales
          </a>
        </p>
      </div>
    );
  } else {
    content = (
      <form className="application colabora" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="colabora-title">
        <h1 id="colabora-title">Colabora con {org}</h1>
        <p className="hint">Todos los campos son obligatorios salvo los que dicen «opcional». El pago es por domiciliación bancaria (SEPA).</p>

        <fieldset className="how-fieldset">
          <legend>¿Cómo quieres colaborar?</legend>
          <div className="how-options">
            {COLABORA_TYPES.map((value, index) => (
              <label key={value} className="how-option">
                <input
                  type="radio"
                  name="tipo"
                  id={index === 0 ? 'campo-tipo' : undefined}
                  value={value}
                  checked={tipo === value}
                  onChange={() => {
                    set('tipo', value);
                    set('importe', '');
                  }}
                  aria-invalid={errors.tipo ? true : undefined}
                  aria-describedby={errors.tipo ? 'campo-tipo-error' : undefined}
                />
                <span>
                  {colaboraTypeLabels[value]}
                  <small>{typeHints[value]}</small>
                </span>
              </label>
            ))}
          </div>
          <ErrorText field="tipo" error={errors.tipo} />
        </fieldset>

        {tipo === 'padrino' ? (
          <fieldset>
            <legend>¿A quién quieres apadrinar?</legend>
            {data.mascotas.length === 0 ? (
              <p className="notice">Ahora mismo no hay animales en la lista para apadrinar. Puedes hacerte socio o donar.</p>
            ) : (
              <div className="pet-options">
                {data.mascotas.map((pet, index) => (
                  <label key={pet.id} className="pet-option">
                    <input
                      type="radio"
                      name="mascotaId"
                      id={index === 0 ? 'campo-mascotaId' : undefined}
                      value={String(pet.id)}
                      checked={values.mascotaId === String(pet.id)}
                      onChange={() => set('mascotaId', String(pet.id))}
                      aria-invalid={errors.mascotaId ? true : undefined}
                      aria-describedby={errors.mascotaId ? 'campo-mascotaId-error' : undefined}
                    />
                    {pet.miniatura ? <img src={pet.miniatura} alt="" width={64} height={64} loading="lazy" /> : null}
                    <span>{pet.nombre}</span>
                  </label>
                ))}
              </div>
            )}
            <ErrorText field="mascotaId" error={errors.mascotaId} />
          </fieldset>
        ) : null}

        {tipo ? (
          <fieldset>
            <legend>Importe</legend>
            <div className="choice-options">
              {[...amounts.map((n) => String(n)), 'otro'].map((value, index) => (
                <label key={value} className="choice-option">
                  <input
                    type="radio"
                    name="importe"
                    id={index === 0 ? 'campo-importe' : undefined}
                    value={value}
                    checked={values.importe === value}
                    onChange={() => set('importe', value)}
                    aria-invalid={errors.importe ? true : undefined}
                    aria-describedby={errors.importe ? 'campo-importe-error' : undefined}
                  />
                  <span>{value === 'otro' ? 'Otro importe' : euros(Number(value))}</span>
                </label>
              ))}
            </div>
            <ErrorText field="importe" error={errors.importe} />
            {values.importe === 'otro' ? (
              <div className="field">
                <label htmlFor="campo-otroImporte">Importe en euros</label>
                <input {...bind('otroImporte')} inputMode="decimal" autoComplete="off" maxLength={12} />
                <ErrorText field="otroImporte" error={errors.otroImporte} />
              </div>
            ) : null}
            {tipo !== 'donativo' ? (
              <div className="field">
                <label htmlFor="campo-periodicidad">Cada cuánto</label>
                <select {...bind('periodicidad')}>
                  {PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {feePeriodLabels[p]}
                    </option>
                  ))}
                </select>
                <ErrorText field="periodicidad" error={errors.periodicidad} />
              </div>
            ) : null}
            {data.organizacion.ley49 ? (
              <p className="hint">
                Tus aportaciones desgravan en tu declaración de la renta (Ley 49/2002): por eso te pedimos el NIF y el código postal.
              </p>
            ) : null}
          </fieldset>
        ) : null}

        <fieldset>
          <legend>Tus datos</legend>
          <Text field="nombre" label="Nombre" bind={bind} error={errors.nombre} autoComplete="given-name" maxLength={COLABORA_NAME_MAX} />
          <Text field="apellidos" label="Apellidos" bind={bind} error={errors.apellidos} autoComplete="family-name" maxLength={COLABORA_NAME_MAX} />
          <Text
            field="nif"
            label="NIF o NIE"
            hint="Con su letra. Lo pide Hacienda para la declaración de donativos."
            bind={bind}
            error={errors.nif}
            maxLength={20}
          />
          <Text
            field="email"
            label="Correo electrónico"
            type="email"
            inputMode="email"
            bind={bind}
            error={errors.email}
            autoComplete="email"
            maxLength={COLABORA_EMAIL_MAX}
          />
          <Text
            field="telefono"
            label="Teléfono (opcional)"
            type="tel"
            inputMode="tel"
            bind={bind}
            error={errors.telefono}
            autoComplete="tel"
            maxLength={COLABORA_PHONE_MAX}
          />
          <Text
            field="direccion"
            label="Dirección (opcional)"
            bind={bind}
            error={errors.direccion}
            autoComplete="street-address"
            maxLength={COLABORA_ADDRESS_MAX}
          />
          <Text
            field="codigoPostal"
            label="Código postal"
            inputMode="numeric"
            bind={bind}
            error={errors.codigoPostal}
            autoComplete="postal-code"
            maxLength={5}
          />
        </fieldset>

        <fieldset>
          <legend>Domiciliación bancaria</legend>
          <Text
            field="iban"
            label="IBAN de tu cuenta"
            hint="Empieza por ES y tiene 24 caracteres."
            bind={bind}
            error={errors.iban}
            autoComplete="off"
            maxLength={42}
          />
          <div className="legal" id="texto-mandato">
            <h2>Orden de domiciliación SEPA</h2>
            <p>{data.textos.mandato}</p>
          </div>
          <Check
            field="consentimientoMandato"
            checked={values.consentimientoMandato}
            error={errors.consentimientoMandato}
            onChange={set}
            describedBy="texto-mandato"
          >
            Acepto la orden de domiciliación SEPA y firmo el mandato con fecha de hoy.
          </Check>
          <div className="legal" id="texto-privacidad">
            <h2>Aviso de privacidad</h2>
            <p>{data.textos.privacidad}</p>
          </div>
          <Check field="privacidad" checked={values.privacidad} error={errors.privacidad} onChange={set} describedBy="texto-privacidad">
            He leído y acepto el aviso de privacidad.
          </Check>
        </fieldset>

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
          {sending ? 'Enviando...' : 'Enviar'}
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
        <p className="brand">{data?.organizacion.nombre || 'Colabora'}</p>
      </header>
      <main id="contenido" className="page colabora-page">
        {content}
      </main>
    </>
  );
}

function Text({
  field,
  label,
  hint,
  error,
  bind,
  type = 'text',
  ...rest
}: {
  field: ColaboraField;
  label: string;
  hint?: string;
  error: string | undefined;
  bind: (field: ColaboraField) => Record<string, unknown>;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'decimal';
  maxLength?: number;
}) {
  const bound = bind(field);
  const described = [hint ? `campo-${field}-hint` : '', error ? `campo-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={`campo-${field}`}>{label}</label>
      {hint ? (
        <p className="hint" id={`campo-${field}-hint`}>
          {hint}
        </p>
      ) : null}
      <input type={type} {...rest} {...bound} aria-describedby={described} />
      <ErrorText field={field} error={error} />
    </div>
  );
}

function Check({
  field,
  checked,
  error,
  onChange,
  describedBy,
  children,
}: {
  field: ColaboraField;
  checked: boolean;
  error: string | undefined;
  onChange: (field: ColaboraField, value: boolean) => void;
  describedBy: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="check">
        <input
          type="checkbox"
          id={`campo-${field}`}
          name={field}
          checked={checked}
          onChange={(e) => onChange(field, e.currentTarget.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy, error ? `campo-${field}-error` : ''].filter(Boolean).join(' ')}
        />
        <span>{children}</span>
      </label>
      <ErrorText field={field} error={error} />
    </div>
  );
}
