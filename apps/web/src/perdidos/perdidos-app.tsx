import { PET_TYPES, type PublicReport, REPORT_LIMITS, lostFoundMessages } from '@refugio/contracts';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { CopyLink } from '../public/components/copy-link';
import { PhotoPicker, usePhotoPicker } from '../public/components/photo-picker';
import { useDraft } from '../public/lib/use-draft';
import { type ReportField, type ReportValues, REPORT_FIELDS, checkReport, emptyReport, localToday, reportFormData } from './perdidos-form';
import { ReportCard, ShareLinks } from './report-view';

/** Never kept in the tab's draft: the honeypot. */
const OMITTED = ['sitioWeb'] as const;
const hasEmail = (contacto: string) => /\S@\S+\.\S/.test(contacto);
const KINDS = [
  ['perdido', 'Se me ha perdido'],
  ['encontrado', 'Lo he encontrado'],
] as const;
const SEXES = [
  ['macho', 'Macho'],
  ['hembra', 'Hembra'],
  ['', 'No lo sé'],
] as const;
const SIZES = [
  ['chico', 'Pequeño'],
  ['mediano', 'Mediano'],
  ['grande', 'Grande'],
  ['', 'No lo sé'],
] as const;

function ErrorText({ field, error }: { field: ReportField; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={`campo-${field}-error`}>
      {error}
    </p>
  ) : null;
}

/** The open reports, filtered by kind, species and town: no contact data (the server sends none). */
function ReportList() {
  const [tipo, setTipo] = useState('');
  const [especie, setEspecie] = useState('');
  const [municipio, setMunicipio] = useState('');
  const [items, setItems] = useState<PublicReport[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams(Object.entries({ tipo, especie, municipio: municipio.trim() }).filter(([, v]) => v));
    const timer = setTimeout(() => {
      fetch(`/api/public/avisos?${query.toString()}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then(async (res) => {
          if (!res.ok) throw new Error(String(res.status));
          setItems(((await res.json()) as { items: PublicReport[] }).items);
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [tipo, especie, municipio]);
  useEffect(() => {
    // A shared link (/perdidos#aviso-{id}) opens at its report once the list is shown.
    if (items && window.location.hash.startsWith('#aviso-')) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [items]);
  return (
    <section aria-labelledby="lista-titulo">
      <h2 id="lista-titulo">Avisos abiertos</h2>
      <div className="filters" role="search" aria-label="Filtrar avisos">
        <div className="field">
          <label htmlFor="filtro-tipo">Tipo</label>
          <select id="filtro-tipo" value={tipo} onChange={(e) => setTipo(e.currentTarget.value)}>
            <option value="">Todos</option>
            <option value="perdido">Perdidos</option>
            <option value="encontrado">Encontrados</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-especie">Especie</label>
          <select id="filtro-especie" value={especie} onChange={(e) => setEspecie(e.currentTarget.value)}>
            <option value="">Todas</option>
            {PET_TYPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-search">
          <label htmlFor="filtro-municipio">Municipio</label>
          <input id="filtro-municipio" type="search" value={municipio} maxLength={100} onChange={(e) => setMunicipio(e.currentTarget.value)} />
        </div>
      </div>
      <p className="count" role="status">
        {failed
          ? 'No se pudieron cargar los avisos.'
          : items === undefined
            ? 'Cargando avisos...'
            : `${items.length} ${items.length === 1 ? 'aviso' : 'avisos'}`}
      </p>
      {items && items.length > 0 ? (
        <ul className="grid">
          {items.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The report form, phone-first: the kind, the animal, where and when, photos, the contact and the privacy notice. */
function ReportForm() {
  const draft = useDraft<ReportValues>('perdidos', emptyReport, OMITTED);
  const { values, setValues } = draft;
  const [errors, setErrors] = useState<Partial<Record<ReportField, string>>>({});
  const photos = usePhotoPicker({
    max: REPORT_LIMITS.photos,
    maxBytes: REPORT_LIMITS.photoBytes,
    messages: lostFoundMessages,
    onProblem: (problem) => setErrors((before) => ({ ...before, fotos: problem })),
  });
  const [formError, setFormError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ id: number; url: string; fotos: number } | undefined>();
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const today = localToday();
  const set = (field: keyof ReportValues, value: string | boolean) => setValues((before) => ({ ...before, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const files = photos.photos.map((p) => p.file);
    const found = checkReport(values, files, today);
    setErrors(found);
    const first = [...REPORT_FIELDS, 'fotos' as const].find((f) => found[f]);
    if (first) {
      setFormError('Revisa los campos marcados.');
      document.getElementById(`campo-${first}`)?.focus();
      return;
    }
    setSending(true);
    setFormError(undefined);
    try {
      const res = await fetch('/api/public/avisos', {
        method: 'POST',
        body: reportFormData(values, files),
        headers: { accept: 'application/json' },
      });
      const body = (await res.json().catch(() => ({}))) as { id?: number; url?: string; message?: string; fieldErrors?: Record<string, string> };
      if (!res.ok) {
        setErrors(body.fieldErrors ?? {});
        setFormError(body.message ?? 'No se pudo publicar el aviso. Inténtalo de nuevo.');
        return;
      }
      draft.clear();
      setDone({ id: body.id ?? 0, url: body.url ?? '', fotos: files.length });
      photos.clear();
      setTimeout(() => thanksRef.current?.focus(), 0);
    } catch {
      setFormError('No se pudo enviar: comprueba tu conexión e inténtalo de nuevo. No has perdido lo escrito.');
    } finally {
      setSending(false);
    }
  }

  const described = (field: ReportField, hint: boolean) =>
    [hint ? `campo-${field}-hint` : '', errors[field] ? `campo-${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  const text = (field: keyof ReportValues & ReportField, label: string, extra: Record<string, unknown> = {}, hint?: string) => (
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
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field, Boolean(hint))}
        {...extra}
      />
      <ErrorText field={field} error={errors[field]} />
    </div>
  );

  const choice = (field: 'tipo' | 'especie' | 'sexo' | 'tamano', legend: string, options: readonly (readonly [string, string])[]): ReactNode => (
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

  if (done) {
    const report: PublicReport = {
      id: done.id,
      tipo: values.tipo as PublicReport['tipo'],
      especie: values.especie,
      sexo: values.sexo || null,
      color: values.color.trim(),
      tamano: values.tamano || null,
      municipio: values.municipio.trim(),
      codigoPostal: values.codigoPostal.trim(),
      fecha: values.fecha,
      descripcion: values.descripcion.trim(),
      fotos: done.fotos,
      estado: 'abierto',
      venceEn: '',
      createdAt: '',
    };
    return (
      <section className="confirmation" aria-live="polite">
        <h2 ref={thanksRef} tabIndex={-1}>
          Aviso publicado
        </h2>
        <p>
          Guarda este enlace privado: con él puedes cambiar el aviso, renovarlo (caduca a los 60 días) o cerrarlo cuando se resuelva. No lo compartas.
        </p>
        <CopyLink url={done.url} />
        {hasEmail(values.contacto) ? <p className="hint">También te lo hemos enviado a tu correo.</p> : null}
        {done.id > 0 ? <ShareLinks report={report} /> : null}
      </section>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="form-titulo">
      <h2 id="form-titulo">Publicar un aviso</h2>
      <p className="hint">Lo que escribes se guarda en este navegador hasta que lo publiques, aunque se recargue la página (las fotos no).</p>
      {choice('tipo', '¿Qué ha pasado?', KINDS)}
      <fieldset>
        <legend>El animal</legend>
        {choice(
          'especie',
          'Especie',
          PET_TYPES.map((s) => [s, s] as const),
        )}
        {choice('sexo', 'Sexo', SEXES)}
        {choice('tamano', 'Tamaño', SIZES)}
        {text('color', 'Color', { maxLength: 80 }, 'Por ejemplo: negro con el pecho blanco.')}
        {text('microchip', 'Microchip (si lo sabes)', { inputMode: 'numeric', maxLength: 15 }, 'Los 15 dígitos de su tarjeta o pasaporte.')}
        <PhotoPicker
          id="campo-fotos"
          hint="Desde la cámara o la galería. Las fotos grandes se reducen en tu móvil antes de enviarlas."
          picker={photos}
          error={errors.fotos}
        />
      </fieldset>
      <fieldset>
        <legend>Dónde y cuándo</legend>
        {text('municipio', 'Municipio', { autoComplete: 'address-level2', maxLength: 100 })}
        {text('codigoPostal', 'Código postal', { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 5 })}
        {text('fecha', 'Fecha', { type: 'date', max: today })}
        <div className="field">
          <label htmlFor="campo-descripcion">Descripción</label>
          <p className="hint" id="campo-descripcion-hint">
            Cómo es, si lleva collar, dónde se perdió o dónde lo encontraste.
          </p>
          <textarea
            id="campo-descripcion"
            name="descripcion"
            rows={4}
            maxLength={4000}
            value={values.descripcion}
            onChange={(e) => set('descripcion', e.currentTarget.value)}
            aria-invalid={errors.descripcion ? true : undefined}
            aria-describedby={described('descripcion', true)}
          />
          <ErrorText field="descripcion" error={errors.descripcion} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Contacto</legend>
        {text(
          'contacto',
          'Teléfono o correo',
          { autoComplete: 'tel', maxLength: 200 },
          'Solo lo verá el equipo del refugio y aparecerá en tu cartel; no se publica en la lista. Si escribes un correo, te enviaremos allí el enlace privado.',
        )}
      </fieldset>
      <div className="legal" id="texto-privacidad">
        <h3>Aviso de privacidad</h3>
        <p>
          El refugio publicará el aviso sin tus datos de contacto y los usará solo para poner en contacto a quien pierde y a quien encuentra. El aviso
          caduca a los 60 días si no lo renuevas; puedes cerrarlo cuando quieras con tu enlace privado.
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
        {sending ? 'Publicando...' : 'Publicar el aviso'}
      </button>
    </form>
  );
}

/**
 * `/perdidos` (DESIGN section 19), phone-first: publishing a report of an animal lost or found comes first, then the
 * open reports without contact data. The report's private link, shown once, manages it (`/aviso/{token}`).
 */
export function PerdidosApp() {
  const [mode, setMode] = useState<'lista' | 'publicar'>(() => (window.location.hash === '#publicar' ? 'publicar' : 'lista'));
  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">Perdidos y encontrados</p>
      </header>
      <main id="contenido" className="page">
        <h1>Animales perdidos y encontrados</h1>
        <p className="intro">
          ¿Has perdido a tu animal o has encontrado uno? Publica un aviso: el refugio lo cruza con los demás y con los animales que recoge.
        </p>
        <nav className="mode-switch" aria-label="Qué quieres hacer">
          <button
            type="button"
            className={mode === 'publicar' ? 'button' : 'button button-secondary'}
            aria-pressed={mode === 'publicar'}
            onClick={() => {
              // In the address too: a reload (Android's, after the camera) opens the form again, with its draft.
              history.replaceState(null, '', '#publicar');
              setMode('publicar');
            }}
          >
            Publicar un aviso
          </button>{' '}
          <button
            type="button"
            className={mode === 'lista' ? 'button' : 'button button-secondary'}
            aria-pressed={mode === 'lista'}
            onClick={() => {
              history.replaceState(null, '', window.location.pathname);
              setMode('lista');
            }}
          >
            Ver avisos
          </button>
        </nav>
        {mode === 'publicar' ? <ReportForm /> : <ReportList />}
      </main>
    </>
  );
}
