import { VolunteerSection } from './volunteer-section';

/** "Voluntariado" on the person page (app/ adds it through components/ui/page-sections). */
export function PersonVolunteerSection({ personId }: { personId: number }) {
  return <VolunteerSection personId={personId} />;
}
