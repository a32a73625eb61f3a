import { FosterSearchSection } from './foster-search-section';
import { VolunteerSection } from './volunteer-section';

/** "Voluntariado" on the person page (app/ adds it through components/ui/page-sections). */
export function PersonVolunteerSection({ personId }: { personId: number }) {
  return <VolunteerSection personId={personId} />;
}

/** "Busco acogida" on the pet page (app/ adds it the same way). */
export function PetFosterSearchSection({ petId }: { petId: number }) {
  return <FosterSearchSection petId={petId} />;
}
