import { useEffect, useState } from 'react';
import { FOSTER_NEWS_LIMITS, fosterPortalMessages } from '@refugio/contracts';
import { PhotoPicker, usePhotoPicker } from '../public/components/photo-picker';

interface Care {
  id: number;
  nombre: string;
  tipo: string;
  fecha: string;
}
interface PortalPet {
  id: number;
  nombre: string;
  foto: string | null;
  cuidados: Care[];
}
interface PortalView {
  organizacion: { nombre: string | null };
  persona: { nombre: string };
  mascotas: PortalPet[];
}

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));

/** The foster portal: the pets in the foster's care now, their care due, and a form per pet to send news. */
export function PortalApp({ token }: { token: string }) {
  const [state, setState] = useState<{ view?: PortalView; error?: string }>({});

  useEffect(() => {
    let live = true;
    fetch(`/api/portal/${encodeURIComponent(token)}`, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(res.status === 404 ? fosterPortalMessages.notFound : await messageOf(res));
        return (await res.json()) as PortalView;
      })
      .then((view) => live && setState({ view }))
      .catch((error: unknown) => live && setState({ error: error instanceof Error ? error.message : fosterPortalMessages.notFound }));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">{state.view?.organizacion.nombre || 'Portal de acogida'}</p>
      </header>
      <main id="contenido" className="page">
        {state.error ? (
          <div className="notice" role="alert">
            <h1>Enlace no disponible</h1>
            <p>{state.error}</p>
          </div>
        ) : !state.view ? (
          <p role="status">Cargando...</p>
        ) : (
          <>
            <h1>Hola, {state.view.persona.nombre}</h1>
            <p className="intro">Gracias por cuidar de ellos. Cuéntanos cómo están: la protectora revisará lo que envíes.</p>
            {state.view.mascotas.length === 0 ? (
              <p className="notice">Ahora no tienes ninguna mascota en acogida.</p>
            ) : (
              state.view.mascotas.map((pet) => <PetNews key={pet.id} token={token} pet={pet} />)
            )}
          </>
        )}
      </main>
    </>
  );
}

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string; fieldErrors?: Record<string, string> };
    return Object.values(body.fieldErrors ?? {})[0] ?? body.message ?? 'No se pudo enviar. Inténtalo de nuevo.';
  } catch {
    return 'No se pudo enviar. Inténtalo de nuevo.';
  }
}

function PetNews({ token, pet }: { token: string; pet: PortalPet }) {
  const [texto, setTexto] = useState('');
  const [peso, setPeso] = useState('');
  const [cuidado, setCuidado] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const id = (name: string) => `mascota-${pet.id}-${name}`;
  const photos = usePhotoPicker({
    max: FOSTER_NEWS_LIMITS.photos,
    maxBytes: FOSTER_NEWS_LIMITS.photoBytes,
    messages: fosterPortalMessages,
    onProblem: (problem) => setResult(problem === undefined ? undefined : { ok: false, text: problem }),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setResult(undefined);
    const form = new FormData();
    form.append('mascotaId', String(pet.id));
    form.append('texto', texto);
    if (peso.trim()) form.append('pesoKg', peso.trim());
    if (cuidado) form.append('cuidadoId', cuidado);
    photos.appendTo(form);
    try {
      const res = await fetch(`/api/portal/${encodeURIComponent(token)}/novedades`, { method: 'POST', body: form });
      if (!res.ok) {
        setResult({ ok: false, text: await messageOf(res) });
        return;
      }
      setTexto('');
      setPeso('');
      setCuidado('');
      photos.clear();
      setResult({ ok: true, text: fosterPortalMessages.sent });
    } catch {
      setResult({ ok: false, text: 'No hay conexión. Lo que escribiste sigue aquí: inténtalo de nuevo.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="card" aria-labelledby={id('titulo')}>
      {pet.foto ? <img className="card-photo" src={pet.foto} alt={`Foto de ${pet.nombre}`} width={320} height={240} /> : null}
      <div className="card-body">
        <h2 id={id('titulo')} className="card-title">
          {pet.nombre}
        </h2>
        <h3>Cuidados pendientes</h3>
        {pet.cuidados.length === 0 ? (
          <p>No hay cuidados pendientes.</p>
        ) : (
          <ul>
            {pet.cuidados.map((c) => (
              <li key={c.id}>
                {c.nombre}: {formatDay(c.fecha)}
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <h3>Enviar una novedad</h3>
          <div className="field">
            <label htmlFor={id('texto')}>¿Cómo está {pet.nombre}?</label>
            <textarea id={id('texto')} rows={4} maxLength={FOSTER_NEWS_LIMITS.textChars} value={texto} onChange={(e) => setTexto(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={id('peso')}>Peso en kg (opcional)</label>
            <p className="hint" id={id('peso-ayuda')}>
              Con coma para los decimales, por ejemplo 4,5.
            </p>
            <input
              id={id('peso')}
              className="field-number"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={id('peso-ayuda')}
              value={peso}
              onChange={(e) => setPeso(e.target.value)}
            />
          </div>
          {pet.cuidados.length > 0 ? (
            <div className="field">
              <label htmlFor={id('cuidado')}>He dado esta dosis</label>
              <select id={id('cuidado')} value={cuidado} onChange={(e) => setCuidado(e.target.value)}>
                <option value="">Ninguna</option>
                {pet.cuidados.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.nombre} ({formatDay(c.fecha)})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <PhotoPicker id={id('fotos')} hint="Las fotos grandes se reducen en tu móvil antes de enviarlas." picker={photos} />
          {result ? (
            <p className={result.ok ? 'confirmation' : 'form-error'} role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={sending}>
            {sending ? 'Enviando...' : 'Enviar novedad'}
          </button>
        </form>
      </div>
    </section>
  );
}
