import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/get-error-message';
import { getPublicPet, type PublicPetView } from '../api/public-pets';
import { ApplicationForm } from '../components/application-form';
import { PetFacts, PetHealthBadges, PetOwnFields, PetTags } from '../components/pet-facts';
import { followLink } from '../lib/navigation';
import { useResource } from '../lib/use-resource';

/** The main photo, and the other photos as thumbnails that show it large. */
function Gallery({ pet }: { pet: PublicPetView }) {
  const photos = [
    ...(pet.imagenPrincipal ? [{ src: pet.imagenPrincipal, thumb: pet.miniatura ?? pet.imagenPrincipal }] : []),
    ...pet.imagenes.map((src, i) => ({ src, thumb: pet.miniaturas[i] ?? src })),
  ];
  const [current, setCurrent] = useState(0);
  const shown = photos[current];
  if (!shown) {
    return <div className="gallery-main gallery-empty">Sin fotos por ahora</div>;
  }
  return (
    <div className="gallery">
      <img className="gallery-main" src={shown.src} alt={`${pet.nombre}, foto ${current + 1} de ${photos.length}`} width={640} height={480} />
      {photos.length > 1 ? (
        <ul className="gallery-thumbs" aria-label="Fotos">
          {photos.map((photo, index) => (
            <li key={photo.src}>
              <button
                type="button"
                aria-label={`Ver foto ${index + 1} de ${photos.length}`}
                aria-pressed={index === current}
                onClick={() => setCurrent(index)}
              >
                <img src={photo.thumb} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Prose({ title, text }: { title: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <section className="prose">
      <h2>{title}</h2>
      <p>{text}</p>
    </section>
  );
}

/** /adopta/{id}: one adoptable pet (gallery, videos, story, personality) and its adoption application. */
export function PetPage({ id }: { id: number }) {
  const pet = useResource(`pet-${id}`, (signal) => getPublicPet(id, signal));

  if (pet.status === 'loading') {
    return (
      <p className="count" role="status">
        Cargando...
      </p>
    );
  }
  if (pet.status === 'error') {
    const missing = pet.error instanceof ApiError && pet.error.status === 404;
    return (
      <div className="notice" role="alert">
        <title>Mascota no disponible · Adopta un amigo</title>
        <h1 tabIndex={-1}>{missing ? 'Esta mascota ya no está disponible' : 'No se pudo cargar la mascota'}</h1>
        <p>{missing ? 'Puede que ya haya encontrado un hogar. Mira las otras mascotas que esperan uno.' : getErrorMessage(pet.error)}</p>
        <a className="button button-secondary" href="/adopta" onClick={followLink}>
          Ver mascotas en adopción
        </a>
      </div>
    );
  }
  const data = pet.data;
  return (
    <article className="pet">
      <title>{`${data.nombre} busca hogar · Adopta un amigo`}</title>
      <p>
        <a href="/adopta" onClick={followLink} className="back">
          ← Todas las mascotas
        </a>
      </p>
      <div className="pet-top">
        <Gallery pet={data} />
        <div className="pet-summary">
          <h1 tabIndex={-1}>{data.nombre}</h1>
          <PetFacts pet={data} />
          <PetHealthBadges pet={data} />
          <PetOwnFields campos={data.campos} />
          <PetTags tags={data.tags} />
          <a className="button" href="#solicitud">
            Quiero adoptar a {data.nombre}
          </a>
        </div>
      </div>
      <Prose title="Su historia" text={data.historia} />
      <Prose title="Personalidad" text={data.personalidad} />
      {data.videos.length > 0 ? (
        <section className="prose">
          <h2>Videos</h2>
          <div className="videos">
            {data.videos.map((url, index) => (
              <video key={url} src={url} controls preload="none" aria-label={`Video ${index + 1} de ${data.nombre}`} />
            ))}
          </div>
        </section>
      ) : null}
      <section id="solicitud" className="apply">
        <ApplicationForm petId={data.id} petName={data.nombre} />
      </section>
    </article>
  );
}
