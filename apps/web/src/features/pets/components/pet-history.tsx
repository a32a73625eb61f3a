import { useState } from 'react';
import { RECORD_HISTORY_PAGE_SIZE, RecordHistory } from '../../../components/ui/record-history';
import { usePetHistory } from '../api/get-pet-history';

/** Producto's "Historial": who changed what of this pet and when, newest first, in Spanish. */
export function PetHistory({ petId, petName }: { petId: number; petName: string }) {
  const [page, setPage] = useState(1);
  const history = usePetHistory(petId, page, RECORD_HISTORY_PAGE_SIZE);
  return (
    <RecordHistory history={history} page={page} onPage={setPage} recordName={petName} label="Historial de la mascota" titleId="pet-history-title" />
  );
}
