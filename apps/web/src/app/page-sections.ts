import { lazy } from 'react';
import type { PageSections } from '../components/ui/page-sections';

const documents = () => import('../features/documents/components/page-sections');
const followups = () => import('../features/followups/components/page-sections');
const donations = () => import('../features/donations/components/page-sections');
const volunteers = () => import('../features/volunteers/components/page-sections');

/** What other features add to the request, pet and person pages (and the pet's movements), loaded with those pages' first use (not with /login). */
export const pageSections: PageSections = {
  request: [lazy(() => documents().then((m) => ({ default: m.RequestContractSection })))],
  pet: [
    lazy(() => documents().then((m) => ({ default: m.PetDocumentsSection }))),
    lazy(() => followups().then((m) => ({ default: m.PetFollowupSection }))),
    lazy(() => volunteers().then((m) => ({ default: m.PetFosterSearchSection }))),
  ],
  person: [
    lazy(() => documents().then((m) => ({ default: m.PersonDocumentsSection }))),
    lazy(() => followups().then((m) => ({ default: m.PersonFollowupSection }))),
    lazy(() => volunteers().then((m) => ({ default: m.PersonVolunteerSection }))),
    lazy(() => documents().then((m) => ({ default: m.PersonAgreementSection }))),
    // Administrators only: the section renders nothing for anyone else.
    lazy(() => donations().then((m) => ({ default: m.PersonMoneySection }))),
  ],
  movement: [lazy(() => documents().then((m) => ({ default: m.MovementDocumentSection })))],
  surrender: [lazy(() => documents().then((m) => ({ default: m.SurrenderContractSection })))],
};
