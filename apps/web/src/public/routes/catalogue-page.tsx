import { PET_GENDERS, PET_SIZES, PET_TYPES, PUBLIC_PAGE_SIZE_DEFAULT, countLabel } from '@refugio/contracts';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../lib/get-error-message';
import { listPublicPets, takeEmbeddedFirstPage } from '../api/public-pets';
import { PetCard } from '../components/pet-card';
import { navigate } from '../lib/navigation';
import { useResource } from '../lib/use-resource';

const TYPING_DELAY_MS = 350;
/** Placeholder cards while the first answer is on the way: two rows of the widest grid. */
const SKELETON_CARDS = 6;
const labels = {
  tipo: { Perro: 'Perros', Gato: 'Gatos', Conejo: 'Conejos' } as Record<string, string>,
  tamano: { chico: 'Chico', mediano: 'Mediano', grande: 'Grande' } as Record<string, string>,
  genero: { macho: 'Macho', hembra: 'Hembra' } as Record<string, string>,
};
const FILTERS = [
  { key: 'tipo', label: 'Tipo', any: 'Todos', options: PET_TYPES },
  { key: 'tamano', label: 'Tamaño', any: 'Todos', options: PET_SIZES },
  { key: 'genero', label: 'Género', any: 'Todos', options: PET_GENDERS },
] as const;

/** The catalogue's state lives in the address (?q=&tipo=&tamano=&genero=&page=), so it can be shared. */
function readParams(search: URLSearchParams) {
  const pick = (key: 'tipo' | 'tamano' | 'genero', options: readonly string[]) => {
    const value = search.get(key) ?? '';
    return options.includes(value) ? value : '';
  };
  const page = Number(search.get('page') ?? '1');
  return {
    q: (search.get('q') ?? '').slice(0, 100),
    tipo: pick('tipo', PET_TYPES),
    tamano: pick('tamano', PET_SIZES),
    genero: pick('genero', PET_GENDERS),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
type Params = ReturnType<typeof readParams>;

function toSearch(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** /adopta: the adoptable pets, with search and filters, made for phones first. */
export function CataloguePage({ search }: { search: URLSearchParams }) {
  const params = readParams(search);
  const query = toSearch(params);
  const pets = useResource(
    `catalogue${query}`,
    (signal) =>
      listPublicPets(
        {
          q: params.q || undefined,
          tipo: params.tipo || undefined,
          tamano: params.tamano || undefined,
          genero: params.genero || undefined,
          page: String(params.page),
          pageSize: String(PUBLIC_PAGE_SIZE_DEFAULT),
        },
        signal,
      ),
    // The first page came with the HTML: shown at once when the address asks for just that (no filters, page 1).
    () => (query === '' ? takeEmbeddedFirstPage() : undefined),
  );
  // Each filter and page is a step in the history, so Back returns to the previous one and stays in the
  // catalogue. Typing adds one step per search, not one per pause: later pauses of the same search replace it.
  const searchStep = useRef(false);
  const update = (changes: Partial<Params>, options: { keepScroll?: boolean; typing?: boolean } = {}) => {
    const replace = options.typing === true && searchStep.current;
    searchStep.current = options.typing === true;
    navigate(`/adopta${toSearch({ ...params, page: 1, ...changes })}`, { replace, keepScroll: options.keepScroll ?? true });
  };

  const [draft, setDraft] = useState(params.q);
  const [committed, setCommitted] = useState(params.q);
  if (committed !== params.q) {
    setCommitted(params.q);
    setDraft(params.q);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    setDraft(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => update({ q: value.trim() }, { typing: true }), TYPING_DELAY_MS);
  };

  const data = pets.status === 'success' ? pets.data : undefined;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = params.q !== '' || params.tipo !== '' || params.tamano !== '' || params.genero !== '';

  return (
    <>
      <title>Mascotas en adopción · Adopta un amigo</title>
      <section className="intro">
        <h1 tabIndex={-1}>Mascotas en adopción</h1>
        <p>Perros, gatos y conejos rescatados que buscan un hogar. Conócelos y envía tu solicitud de adopción.</p>
      </section>

      <form className="filters" role="search" aria-label="Buscar mascotas" onSubmit={(event) => event.preventDefault()}>
        <div className="field field-search">
          <label htmlFor="buscar">Buscar</label>
          <input
            id="buscar"
            type="search"
            placeholder="Nombre, carácter, etiqueta..."
            value={draft}
            onChange={(event) => onSearch(event.target.value)}
            onBlur={() => (searchStep.current = false)}
          />
        </div>
        {FILTERS.map((filter) => (
          <div className="field" key={filter.key}>
            <label htmlFor={`filtro-${filter.key}`}>{filter.label}</label>
            <select id={`filtro-${filter.key}`} value={params[filter.key]} onChange={(event) => update({ [filter.key]: event.target.value })}>
              <option value="">{filter.any}</option>
              {filter.options.map((option) => (
                <option key={option} value={option}>
                  {labels[filter.key][option] ?? option}
                </option>
              ))}
            </select>
          </div>
        ))}
      </form>

      <p className="count" role="status">
        {pets.status === 'loading' || pets.reloading
          ? 'Cargando mascotas...'
          : data
            ? countLabel(data.total, 'mascota encontrada', 'mascotas encontradas')
            : ''}
      </p>

      {pets.status === 'error' ? (
        <div className="notice" role="alert">
          <p>No se pudo cargar el catálogo. {getErrorMessage(pets.error)}</p>
          <button type="button" className="button button-secondary" onClick={pets.retry}>
            Reintentar
          </button>
        </div>
      ) : null}

      {data && data.items.length === 0 ? (
        <div className="notice">
          <p>{filtered ? 'No hay mascotas que coincidan con tu búsqueda.' : 'Ahora mismo no hay mascotas en adopción. ¡Vuelve pronto!'}</p>
          {filtered ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setDraft('');
                update({ q: '', tipo: '', tamano: '', genero: '' });
              }}
            >
              Quitar filtros
            </button>
          ) : null}
        </div>
      ) : null}

      {pets.status === 'loading' ? (
        <ul className="grid" aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index} className="card card-skeleton">
              <div className="card-photo" />
              <div className="card-body">
                <span className="skeleton-line" />
                <span className="skeleton-line" />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {data && data.items.length > 0 ? (
        <ul className="grid" aria-label="Mascotas en adopción" aria-busy={pets.reloading}>
          {data.items.map((pet, index) => (
            <PetCard key={pet.id} pet={pet} eager={index < 2} />
          ))}
        </ul>
      ) : null}

      {data && pageCount > 1 ? (
        <nav className="pager" aria-label="Páginas">
          <button
            type="button"
            className="button button-secondary"
            disabled={params.page <= 1}
            onClick={() => update({ page: params.page - 1 }, { keepScroll: false })}
          >
            Anterior
          </button>
          <span>
            Página {Math.min(params.page, pageCount)} de {pageCount}
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={params.page >= pageCount}
            onClick={() => update({ page: params.page + 1 }, { keepScroll: false })}
          >
            Siguiente
          </button>
        </nav>
      ) : null}
    </>
  );
}
