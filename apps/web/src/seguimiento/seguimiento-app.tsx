import { useEffect, useState } from 'react';
import {
  FOLLOWUP_ANSWERS,
  FOLLOWUP_LIMITS,
  type FollowupAnswer,
  type FollowupPublicView,
  followupAnswerLabels,
  followupMessages,
} from '@refugio/contracts';
import { PhotoPicker, usePhotoPicker } from '../public/components/photo-picker';

const offline = 'No hay conexión. Lo que escribiste sigue aquí: inténtalo de nuevo.';

async function messageOf(res: Response, fallback: string): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string; fieldErrors?: Record<string, string> };
    return Object.values(body.fieldErrors ?? {})[0] ?? body.message ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * The adopter's follow-up page (`/seguimiento/{token}`), phone-first: how the pet is doing (three big choices), a
 * comment, photos from the camera or the gallery, "Enviar", and a thank-you. "Necesito ayuda" says the
 * organisation will get in touch and shows its phone.
 */
export function SeguimientoApp({ token }: { token: string }) {
  const [state, setState] = useState<{ view?: FollowupPublicView; error?: string }>({});
  const [comoVa, setComoVa] = useState<FollowupAnswer | ''>('');
  const [comentario, setComentario] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<FollowupAnswer | undefined>();
  const photos = usePhotoPicker({
    max: FOLLOWUP_LIMITS.photos,
    maxBytes: FOLLOWUP_LIMITS.photoBytes,
    messages: followupMessages,
    onProblem: setProblem,
  });

  useEffect(() => {
    let live = true;
    fetch(`/api/seguimiento/${encodeURIComponent(token)}`, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(res.status === 404 ? followupMessages.linkNotFound : await messageOf(res, followupMessages.linkNotFound));
        return (await res.json()) as FollowupPublicView;
      })
      .then((view) => live && setState({ view }))
      .catch((error: unknown) => live && setState({ error: error instanceof Error ? error.message : followupMessages.linkNotFound }));
    return () => {
      live = false;
    };
  }, [token]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!comoVa) {
      setProblem(followupMessages.answerRequired);
      return;
    }
    setSending(true);
    setProblem(undefined);
    const form = new FormData();
    form.append('comoVa', comoVa);
    form.append('comentario', comentario);
    photos.appendTo(form);
    try {
      const res = await fetch(`/api/seguimiento/${encodeURIComponent(token)}`, { method: 'POST', body: form });
      if (!res.ok) {
        setProblem(await messageOf(res, 'No se pudo enviar. Inténtalo de nuevo.'));
        return;
      }
      photos.clear();
      setSent(comoVa);
    } catch {
      setProblem(offline);
    } finally {
      setSending(false);
    }
  };

  const view = state.view;
  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">{view?.organizacion.nombre || 'Seguimiento de la adopción'}</p>
      </header>
      <main id="contenido" className="page">
        {state.error ? (
          <div className="notice" role="alert">
            <h1>Enlace no disponible</h1>
            <p>{state.error}</p>
          </div>
        ) : !view ? (
          <p role="status">Cargando...</p>
        ) : sent ? (
          <div className="confirmation" role="status">
            <h1>{followupMessages.thanks}</h1>
            {sent === 'necesito_ayuda' ? (
              <>
                <p>{followupMessages.helpThanks}</p>
                {view.organizacion.telefono ? (
                  <p>
                    Si es urgente, llama al <a href={`tel:${view.organizacion.telefono.replace(/\s+/g, '')}`}>{view.organizacion.telefono}</a>.
                  </p>
                ) : null}
              </>
            ) : (
              <p>Nos alegra saber de {view.mascota.nombre}.</p>
            )}
          </div>
        ) : view.respondido ? (
          <div className="confirmation" role="status">
            <h1>Ya nos respondiste</h1>
            <p>{followupMessages.alreadyAnswered}</p>
          </div>
        ) : (
          <>
            <h1>Hola, {view.persona.nombre}</h1>
            {view.mascota.foto ? (
              <img className="followup-pet" src={view.mascota.foto} alt={`Foto de ${view.mascota.nombre}`} width={320} height={240} />
            ) : null}
            <form className="followup-form" onSubmit={(e) => void submit(e)} noValidate>
              <fieldset className="how-fieldset">
                <legend>{view.pregunta}</legend>
                <div className="how-options">
                  {FOLLOWUP_ANSWERS.map((value) => (
                    <label key={value} className="how-option">
                      <input type="radio" name="comoVa" value={value} checked={comoVa === value} onChange={() => setComoVa(value)} />
                      {followupAnswerLabels[value]}
                    </label>
                  ))}
                </div>
              </fieldset>
              {comoVa === 'necesito_ayuda' ? (
                <p className="notice">
                  La protectora se pondrá en contacto contigo.
                  {view.organizacion.telefono ? (
                    <>
                      {' '}
                      Si es urgente, llama al <a href={`tel:${view.organizacion.telefono.replace(/\s+/g, '')}`}>{view.organizacion.telefono}</a>.
                    </>
                  ) : null}
                </p>
              ) : null}
              <div className="field">
                <label htmlFor="comentario">Cuéntanos más (opcional)</label>
                <textarea
                  id="comentario"
                  rows={4}
                  maxLength={FOLLOWUP_LIMITS.commentChars}
                  value={comentario}
                  onChange={(e) => setComentario(e.target.value)}
                />
              </div>
              <PhotoPicker
                id="fotos"
                hint="Desde la cámara o la galería. Las fotos grandes se reducen en tu móvil antes de enviarlas."
                picker={photos}
              />
              {problem ? (
                <p className="form-error" role="alert">
                  {problem}
                </p>
              ) : null}
              <button type="submit" className="button" disabled={sending}>
                {sending ? 'Enviando...' : 'Enviar'}
              </button>
            </form>
          </>
        )}
      </main>
    </>
  );
}
