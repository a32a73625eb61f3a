import { useEffect, useRef, useState } from 'react';
import {
  type InspectionPet,
  type InspectionView,
  type RegisterBookLine,
  countLabel,
  inspectionCareLabels,
  inspectionMessages,
  inspectionMovementLabels,
  inspectionOriginLabels,
  sterilisedLabels,
  inspectionUntilText,
} from '@refugio/contracts';
import { filterLines, formatDay, yearsOf } from './book-filter';

/** Lines shown at once; "Mostrar más" adds as many again (a book of many years stays quick on a phone). */
const PAGE = 100;
/** The pet's sex as the page writes it (the answer has the stored word, as 'hembra'). */
const SEX_LABELS: Record<string, string> = { macho: 'Macho', hembra: 'Hembra', desconocido: 'No se sabe' };

const destinoLabels: Record<NonNullable<RegisterBookLine['destino']>, string> = {
  adopcion: 'Adopción',
  traslado: 'Traslado',
  fallecimiento: 'Fallecimiento',
  devolucion_propietario: 'Devolución al propietario',
};

type Loaded<T> = { data?: T; error?: string };

async function getJson<T>(url: string, notFound: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
  if (res.ok) return (await res.json()) as T;
  if (res.status === 404) throw new Error(notFound);
  let message = 'No se pudo cargar. Inténtalo de nuevo.';
  try {
    message = ((await res.json()) as { message?: string }).message ?? message;
  } catch {
    // The answer had no body: the general message stays.
  }
  throw new Error(message);
}

/** The animal chosen in the address (`?mascota=12`), so the browser's back button returns to the book. */
function petInAddress(): number | null {
  const id = Number(new URLSearchParams(window.location.search).get('mascota'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The inspector's page (/inspeccion/{token}): the register book of every year, read only, and each animal's file. */
export function InspeccionApp({ token }: { token: string }) {
  const [view, setView] = useState<Loaded<InspectionView>>({});
  const [petId, setPetId] = useState<number | null>(petInAddress);
  const api = `/api/inspeccion/${encodeURIComponent(token)}`;

  useEffect(() => {
    const controller = new AbortController();
    getJson<InspectionView>(api, inspectionMessages.notFound, controller.signal).then(
      (data) => setView({ data }),
      (error: unknown) => !controller.signal.aborted && setView({ error: error instanceof Error ? error.message : inspectionMessages.notFound }),
    );
    return () => controller.abort();
  }, [api]);

  useEffect(() => {
    const onPop = () => setPetId(petInAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const open = (id: number | null) => {
    window.history.pushState(null, '', id === null ? window.location.pathname : `?mascota=${id}`);
    setPetId(id);
  };

  const org = view.data?.organizacion;
  return (
    <>
      <a className="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <p className="brand">{org?.nombre || 'Inspección'}</p>
      </header>
      <main id="contenido" className="page">
        {view.error ? (
          <div className="notice" role="alert">
            <h1>Enlace no disponible</h1>
            <p>{view.error}</p>
          </div>
        ) : !view.data ? (
          <p role="status">Cargando el libro de registro...</p>
        ) : petId !== null ? (
          <PetFile key={petId} api={api} petId={petId} onBack={() => open(null)} />
        ) : (
          <Book view={view.data} onOpen={open} />
        )}
      </main>
    </>
  );
}

function Book({ view, onOpen }: { view: InspectionView; onOpen: (id: number) => void }) {
  const [anio, setAnio] = useState('');
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const lines = filterLines(view.libro, anio, query);
  const years = yearsOf(view.libro);
  const org = view.organizacion;
  return (
    <>
      <h1>Libro de registro</h1>
      <p className="intro-text">
        Enlace de solo lectura para {view.nombre} ({view.organismo}), válido {inspectionUntilText(view.hasta)}.
        {org.nucleoZoologico ? ` Núcleo zoológico n.º ${org.nucleoZoologico}.` : ''}
        {org.registroEntidades ? ` Registro de entidades n.º ${org.registroEntidades}.` : ''}
      </p>
      <form className="filters book-filters" role="search" aria-label="Buscar en el libro" onSubmit={(e) => e.preventDefault()}>
        <div className="field field-search">
          <label htmlFor="buscar">Buscar por microchip o número de línea</label>
          <input
            id="buscar"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setShown(PAGE);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="anio">Año</label>
          <select
            id="anio"
            value={anio}
            onChange={(e) => {
              setAnio(e.target.value);
              setShown(PAGE);
            }}
          >
            <option value="">Todos los años</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="count" role="status">
        {countLabel(lines.length, 'línea', 'líneas')}
      </p>
      {lines.length === 0 ? (
        <p className="notice">{view.libro.length === 0 ? 'El libro de registro aún no tiene líneas.' : 'Ninguna línea coincide con la búsqueda.'}</p>
      ) : (
        <ol className="book-lines" aria-label="Líneas del libro">
          {lines.slice(0, shown).map((line) => (
            <li key={`${line.anio}-${line.numero}`}>
              <button type="button" className="book-line" onClick={() => onOpen(line.mascotaId)}>
                <span className="book-line-number">
                  N.º {line.numero}/{line.anio}
                  {line.rectifica !== null ? ` (rectifica la ${line.rectifica})` : ''}
                </span>
                <span className="book-line-what">{[line.especie, line.raza, line.sexo, line.color].filter(Boolean).join(' · ')}</span>
                <span>Microchip: {line.microchip ?? 'sin microchip'}</span>
                <span>
                  Entrada {formatDay(line.fechaEntrada)}
                  {line.procedencia ? ` (${inspectionOriginLabels[line.procedencia]})` : ''}
                  {line.fechaSalida ? ` · Salida ${formatDay(line.fechaSalida)}` : ' · Sigue en el refugio'}
                  {line.destino ? ` (${destinoLabels[line.destino]})` : ''}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {lines.length > shown ? (
        <button type="button" className="button button-secondary" onClick={() => setShown((n) => n + PAGE)}>
          Mostrar más líneas
        </button>
      ) : null}
    </>
  );
}

/** One animal's file; keyed by the animal, so another animal starts from an empty, loading file. */
function PetFile({ api, petId, onBack }: { api: string; petId: number; onBack: () => void }) {
  const [pet, setPet] = useState<Loaded<InspectionPet>>({});
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    getJson<InspectionPet>(`${api}/mascotas/${petId}`, inspectionMessages.petNotFound, controller.signal).then(
      (data) => setPet({ data }),
      (error: unknown) => !controller.signal.aborted && setPet({ error: error instanceof Error ? error.message : inspectionMessages.petNotFound }),
    );
    return () => controller.abort();
  }, [api, petId]);

  useEffect(() => {
    if (pet.data || pet.error) heading.current?.focus();
  }, [pet.data, pet.error]);

  const back = (
    <button type="button" className="button button-secondary back-to-book" onClick={onBack}>
      Volver al libro
    </button>
  );
  if (pet.error)
    return (
      <>
        {back}
        <div className="notice" role="alert">
          <h1 ref={heading} tabIndex={-1}>
            Animal no disponible
          </h1>
          <p>{pet.error}</p>
        </div>
      </>
    );
  if (!pet.data)
    return (
      <>
        {back}
        <p role="status">Cargando la ficha...</p>
      </>
    );
  const { mascota, lineas, cuidados, movimientos } = pet.data;
  const facts: [string, string][] = [
    ['Especie', mascota.especie],
    ['Raza', mascota.raza],
    ['Sexo', SEX_LABELS[mascota.sexo] ?? mascota.sexo],
    ['Color', mascota.color],
    ['Microchip', mascota.microchip ?? 'Sin microchip'],
    ['Nacimiento', mascota.fechaNacimiento ? `${formatDay(mascota.fechaNacimiento)}${mascota.fechaNacimientoAprox ? ' (aproximada)' : ''}` : ''],
    [
      'Esterilizado',
      (sterilisedLabels[mascota.esterilizado as keyof typeof sterilisedLabels] ?? mascota.esterilizado) +
        (mascota.fechaEsterilizacion ? ` (${formatDay(mascota.fechaEsterilizacion)})` : ''),
    ],
  ];
  return (
    <>
      {back}
      <h1 ref={heading} tabIndex={-1}>
        {mascota.nombre}
      </h1>
      <section aria-labelledby="identificacion" className="card inspection-section">
        <h2 id="identificacion">Identificación</h2>
        <dl className="facts-list">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || 'No consta'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="en-el-libro" className="card inspection-section">
        <h2 id="en-el-libro">En el libro de registro</h2>
        <ul>
          {lineas.map((line) => (
            <li key={`${line.anio}-${line.numero}`}>
              <strong>
                N.º {line.numero}/{line.anio}
              </strong>
              : entrada {formatDay(line.fechaEntrada)}
              {line.procedencia
                ? ` (${inspectionOriginLabels[line.procedencia]}${line.procedenciaDetalle ? `: ${line.procedenciaDetalle}` : ''})`
                : ''}
              {line.fechaSalida ? `; salida ${formatDay(line.fechaSalida)}` : '; sigue en el refugio'}
              {line.destino ? ` por ${destinoLabels[line.destino].toLowerCase()}` : ''}
              {line.destinatario
                ? `, a ${[line.destinatario.nombre, line.destinatario.nif, line.destinatario.direccion].filter(Boolean).join(', ')}`
                : ''}
              {line.causaMuerte ? `; causa: ${line.causaMuerte}` : ''}
              {line.veterinario ? `; veterinario: ${line.veterinario}` : ''}.
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="registro-sanitario" className="card inspection-section">
        <h2 id="registro-sanitario">Registro sanitario</h2>
        {cuidados.length === 0 ? (
          <p>No hay vacunas, tratamientos ni revisiones anotados.</p>
        ) : (
          <ul>
            {cuidados.map((c) => (
              <li key={c.id}>
                <strong>{formatDay(c.fechaRealizada ?? c.fechaProgramada)}</strong> {inspectionCareLabels[c.tipo]}: {c.nombre}
                {c.fechaRealizada ? '' : ' (programado)'}
                {[
                  c.dosis && `dosis ${c.dosis}`,
                  c.lote && `lote ${c.lote}`,
                  c.veterinario && `veterinario ${c.veterinario}`,
                  c.resultado && `resultado ${c.resultado}`,
                ]
                  .filter(Boolean)
                  .map((t) => `; ${t}`)
                  .join('')}
                {c.pesoKg !== null ? `; ${c.pesoKg.toLocaleString('es-ES')} kg` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="movimientos" className="card inspection-section">
        <h2 id="movimientos">Movimientos</h2>
        {movimientos.length === 0 ? (
          <p>No hay movimientos anotados.</p>
        ) : (
          <ul>
            {movimientos.map((m) => (
              <li key={m.id}>
                <strong>{formatDay(m.fecha)}</strong> {inspectionMovementLabels[m.tipo]}
                {m.procedencia ? ` (${inspectionOriginLabels[m.procedencia]})` : ''}
                {m.motivo ? `: ${m.motivo}` : ''}
                {m.veterinario ? `; veterinario: ${m.veterinario}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      {back}
    </>
  );
}
