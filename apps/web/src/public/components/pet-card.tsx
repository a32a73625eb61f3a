import type { PublicPetView } from '../api/public-pets';
import { followLink } from '../lib/navigation';
import { PetFacts, PetHealthBadges, PetTags } from './pet-facts';

/** One adoptable pet in the catalogue: photo (WebP thumbnail, lazy), name, facts and a few tags. */
export function PetCard({ pet, eager }: { pet: PublicPetView; eager: boolean }) {
  return (
    <li className="card">
      <a href={`/adopta/${pet.id}`} onClick={followLink} className="card-link">
        <div className="card-photo">
          {pet.miniatura ? (
            <img src={pet.miniatura} alt="" width={320} height={240} loading={eager ? 'eager' : 'lazy'} decoding="async" />
          ) : (
            <span className="card-nophoto">Sin foto</span>
          )}
        </div>
        <div className="card-body">
          <h2 className="card-title">{pet.nombre}</h2>
          <PetFacts pet={pet} />
          <PetHealthBadges pet={pet} />
          <PetTags tags={pet.tags} max={3} />
        </div>
      </a>
    </li>
  );
}
