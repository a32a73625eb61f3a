import { ContractCard } from './contract-card';
import { RelatedDocuments } from './related-documents';
import { ReturnDocumentCard } from './return-document-card';
import { PersonAgreementCards, SurrenderContractCard } from './subject-document-cards';

/** What the documents feature adds to other features' pages (composed by app/page-sections.ts). */
export function RequestContractSection({ solicitudId, aprobada }: { solicitudId: number; aprobada: boolean }) {
  return <ContractCard solicitudId={solicitudId} aprobada={aprobada} />;
}

export function PetDocumentsSection({ petId }: { petId: number }) {
  return <RelatedDocuments mascotaId={petId} />;
}

export function PersonDocumentsSection({ personId }: { personId: number }) {
  return <RelatedDocuments personaId={personId} />;
}

/** On a movement of the pet's timeline: the acta of a return with a person. */
export function MovementDocumentSection(props: { petId: number; movimientoId: number; tipo: string; conPersona: boolean }) {
  return <ReturnDocumentCard {...props} />;
}

/** On the person page: a volunteer's agreement, a foster home's contract. */
export function PersonAgreementSection({ personId }: { personId: number }) {
  return <PersonAgreementCards personId={personId} />;
}

/** On a surrender request: its contract. */
export function SurrenderContractSection(props: { cesionId: number; aceptada: boolean; onChange: () => void }) {
  return <SurrenderContractCard {...props} />;
}
