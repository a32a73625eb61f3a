import { FollowupSection } from './followup-section';

/** "Seguimiento" on the pet page (app/ adds it through components/ui/page-sections). */
export function PetFollowupSection({ petId }: { petId: number }) {
  return <FollowupSection mascotaId={petId} />;
}

/** "Seguimiento" on the person page. */
export function PersonFollowupSection({ personId }: { personId: number }) {
  return <FollowupSection personaId={personId} />;
}
