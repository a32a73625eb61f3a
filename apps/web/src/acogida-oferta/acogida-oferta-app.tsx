import { useEffect, useState } from 'react';
import { type FosterAnswer, type FosterOfferView, fosterOfferMessages } from '@refugio/contracts';

const offline = 'No hay conexión. Inténtalo de nuevo en un momento.';

async function messageOf(res: Response, fallback: string): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string };
    return body.message ?? fallback;
  } catch {
    return fallback;
  }
}

/** What the home answered, in words. */
export const answerText = (view: Pick<FosterOfferView, 'respuesta' | 'mascota'>) =>
  view.respuesta === 'si'
    ? `Nos has dicho que puedes acoger a ${view.mascota.nombre}. ¡Gracias! Te llamaremos para organizarlo.`
    : view.respuesta === 'no'
      ? `Nos has dicho que ahora no puedes acoger a ${view.mascota.nombre}. ¡Gracias por responder!`
      : undefined;

/**
 * A foster home's page (`/acogida-oferta/{token}`), phone-first: the pet's card and "Sí, puedo acogerla" / "Ahora
 * no puedo". The answer may change until the pet has a home. No account: the link is the key.
 */
export function AcogidaOfertaApp({ token }: { token: string }) {
  const [state, setState] = useState<{ view?: FosterOfferView; error?: string }>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const url = `/api/acogida-oferta/${encodeURIComponent(token)}`;

  useEffect(() => {
    let live = true;
    fetch(url, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(res.status === 404 ? fosterOfferMessages.notFound : await messageOf(res, fosterOfferMessages.notFound));
        return (await res.json()) as FosterOfferView;
      })
      .then((view) => live && setState({ view }))
      .catch((e: unknown) => live && setState({ error: e instanceof Error ? e.message : fosterOfferMessages.notFound }));
    return () => {
      live = false;
    };
  }, [url]);

  const answer = async (respuesta: FosterAnswer) => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ respuesta }),
      });
      if (res.ok) setState({ view: (await res.json()) as FosterOfferView });
      else setError(await messageOf(res, 'No se pudo guardar. Inténtalo de nuevo.'));
    } catch {
      setError(offline);
    } finally {
      setBusy(false);
    }
  };

  const view = state.view;
  const done = view ? answerText(view) : undefined;
  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">{view?.organizacion.nombre || 'Busco acogida'}</p>
      </header>
      <main id="contenido" className="page">
        {state.error ? (
          <div className="notice" role="alert">
            <h1>Enlace no disponible</h1>
            <p>{state.error}</p>
          </div>
        ) : !view ? (
          <p role="status">Cargando...</p>
        ) : (
          <>
            <h1>
              Hola, {view.persona.nombre}: ¿puedes acoger a {view.mascota.nombre}?
            </h1>
            <section className="offer-card" aria-labelledby="ficha">
              {view.mascota.foto ? (
                <img className="offer-photo" src={view.mascota.foto} alt={`Foto de ${view.mascota.nombre}`} width={360} height={270} />
              ) : null}
              <h2 id="ficha">{view.mascota.nombre}</h2>
              <p className="offer-facts">
                {[view.mascota.tipo, view.mascota.genero, view.mascota.edad, view.mascota.tamano].filter(Boolean).join(' · ')}
              </p>
              {view.mascota.personalidad ? <p>{view.mascota.personalidad}</p> : null}
              {view.mascota.historia ? <p>{view.mascota.historia}</p> : null}
            </section>
            <div aria-live="polite">
              {error ? (
                <p className="form-error" role="alert">
                  {error}
                </p>
              ) : done ? (
                <p className="offer-ok" role="status">
                  {done}
                </p>
              ) : null}
            </div>
            {view.cerrada ? (
              <p className="hint">{fosterOfferMessages.closed}</p>
            ) : (
              <div className="offer-answers" role="group" aria-label={`Tu respuesta sobre ${view.mascota.nombre}`}>
                <button type="button" className="button" disabled={busy} aria-pressed={view.respuesta === 'si'} onClick={() => void answer('si')}>
                  Sí, puedo acoger a {view.mascota.nombre}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  aria-pressed={view.respuesta === 'no'}
                  onClick={() => void answer('no')}
                >
                  Ahora no puedo
                </button>
              </div>
            )}
          </>
        )}
      </main>
    </>
  );
}
