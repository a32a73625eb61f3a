import { type ComponentType, Suspense, createContext, useContext } from 'react';

/*
 * Sections other features add to a page (an adoption request's contract; a pet's or a person's contracts and
 * follow-up; the acta of a return on the pet's timeline). A feature never imports another, so app/ composes them (app/page-sections.ts): it provides the
 * sections, and the page renders whatever it is given, in order. Without a provider (a unit test of the page)
 * nothing is added.
 */

export interface PageSections {
  request?: ComponentType<{ solicitudId: number; aprobada: boolean }>[];
  pet?: ComponentType<{ petId: number }>[];
  person?: ComponentType<{ personId: number }>[];
  movement?: ComponentType<MovementSectionProps>[];
  surrender?: ComponentType<SurrenderSectionProps>[];
}

/** What a surrender request gives its sections (its contract): `onChange` refreshes the request (signed: it entered). */
export interface SurrenderSectionProps {
  cesionId: number;
  aceptada: boolean;
  onChange: () => void;
}

/** What a movement of the pet's timeline gives its sections (the acta of a return). */
export interface MovementSectionProps {
  petId: number;
  movimientoId: number;
  tipo: string;
  conPersona: boolean;
}

const PageSectionsContext = createContext<PageSections>({});
export const PageSectionsProvider = PageSectionsContext.Provider;

function Sections<P extends object>({ sections, props }: { sections: ComponentType<P>[]; props: P }) {
  return (
    <Suspense fallback={null}>
      {sections.map((Section, i) => (
        <Section key={i} {...props} />
      ))}
    </Suspense>
  );
}

/** The sections app/ added to an adoption request's page (its contract). */
export function RequestPageSections(props: { solicitudId: number; aprobada: boolean }) {
  return <Sections sections={useContext(PageSectionsContext).request ?? []} props={props} />;
}

/** The sections app/ added to the pet page. */
export function PetPageSections(props: { petId: number }) {
  return <Sections sections={useContext(PageSectionsContext).pet ?? []} props={props} />;
}

/** The sections app/ added to the person page. */
export function PersonPageSections(props: { personId: number }) {
  return <Sections sections={useContext(PageSectionsContext).person ?? []} props={props} />;
}

/** The sections app/ added to a movement of the pet's timeline ("Dónde está"). */
export function MovementPageSections(props: MovementSectionProps) {
  return <Sections sections={useContext(PageSectionsContext).movement ?? []} props={props} />;
}

/** The sections app/ added to a surrender request (its contract). */
export function SurrenderPageSections(props: SurrenderSectionProps) {
  return <Sections sections={useContext(PageSectionsContext).surrender ?? []} props={props} />;
}
