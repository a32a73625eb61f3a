import { type Capability, can } from '@refugio/contracts';
import { type ComponentType, createElement, lazy } from 'react';
import type { PageSections } from '../components/ui/page-sections';
import { useSession } from '../lib/session';

const documents = () => import('../features/documents/components/page-sections');
const followups = () => import('../features/followups/components/page-sections');
const donations = () => import('../features/donations/components/page-sections');
const volunteers = () => import('../features/volunteers/components/page-sections');

/**
 * A section shown only to the roles whose capability opens its routes (the permission table): a vet or a volunteer
 * reading a pet does not get a contracts box that would answer 403. Its code is not even loaded for them.
 */
function only<P extends object>(capability: Capability, Section: ComponentType<P>): ComponentType<P> {
  function Gated(props: P) {
    const { data: session } = useSession();
    return can(session?.user.role, capability) ? createElement(Section, props) : null;
  }
  Gated.displayName = `Only(${capability})`;
  return Gated;
}

/** What other features add to the request, pet and person pages (and the pet's movements), loaded with those pages' first use (not with /login). */
export const pageSections: PageSections = {
  request: [
    only(
      'adopciones',
      lazy(() => documents().then((m) => ({ default: m.RequestContractSection }))),
    ),
  ],
  pet: [
    only(
      'adopciones',
      lazy(() => documents().then((m) => ({ default: m.PetDocumentsSection }))),
    ),
    only(
      'adopciones',
      lazy(() => followups().then((m) => ({ default: m.PetFollowupSection }))),
    ),
    only(
      'movimientos',
      lazy(() => volunteers().then((m) => ({ default: m.PetFosterSearchSection }))),
    ),
  ],
  person: [
    only(
      'adopciones',
      lazy(() => documents().then((m) => ({ default: m.PersonDocumentsSection }))),
    ),
    only(
      'adopciones',
      lazy(() => followups().then((m) => ({ default: m.PersonFollowupSection }))),
    ),
    only(
      'voluntariado',
      lazy(() => volunteers().then((m) => ({ default: m.PersonVolunteerSection }))),
    ),
    only(
      'voluntariado',
      lazy(() => documents().then((m) => ({ default: m.PersonAgreementSection }))),
    ),
    // The section renders nothing either for anyone without the money capability.
    lazy(() => donations().then((m) => ({ default: m.PersonMoneySection }))),
  ],
  movement: [
    only(
      'adopciones',
      lazy(() => documents().then((m) => ({ default: m.MovementDocumentSection }))),
    ),
  ],
  surrender: [
    only(
      'cesiones',
      lazy(() => documents().then((m) => ({ default: m.SurrenderContractSection }))),
    ),
  ],
};
