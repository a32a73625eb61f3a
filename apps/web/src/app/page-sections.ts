import type { Capability } from '@refugio/contracts';
import { type ComponentType, lazy } from 'react';
import type { PageSections } from '../components/ui/page-sections';

const documents = () => import('../features/documents/components/page-sections');
const followups = () => import('../features/followups/components/page-sections');
const donations = () => import('../features/donations/components/page-sections');
const volunteers = () => import('../features/volunteers/components/page-sections');
const gate = () => import('./gated-section');

/** A section loaded with the page's first use and shown only to the roles whose capability opens its routes. */
function only<P extends object>(capability: Capability, load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ gated }, Section] = await Promise.all([gate(), load()]);
    return { default: gated(capability, Section) };
  });
}

/** What other features add to the request, pet and person pages (and the pet's movements), loaded with those pages' first use (not with /login). */
export const pageSections: PageSections = {
  request: [only('adopciones', () => documents().then((m) => m.RequestContractSection))],
  pet: [
    only('adopciones', () => documents().then((m) => m.PetDocumentsSection)),
    only('adopciones', () => followups().then((m) => m.PetFollowupSection)),
    only('movimientos', () => volunteers().then((m) => m.PetFosterSearchSection)),
  ],
  person: [
    only('adopciones', () => documents().then((m) => m.PersonDocumentsSection)),
    only('adopciones', () => followups().then((m) => m.PersonFollowupSection)),
    only('voluntariado', () => volunteers().then((m) => m.PersonVolunteerSection)),
    only('voluntariado', () => documents().then((m) => m.PersonAgreementSection)),
    // The section renders nothing either for anyone without the money capability.
    lazy(() => donations().then((m) => ({ default: m.PersonMoneySection }))),
  ],
  movement: [only('adopciones', () => documents().then((m) => m.MovementDocumentSection))],
  surrender: [only('cesiones', () => documents().then((m) => m.SurrenderContractSection))],
};
