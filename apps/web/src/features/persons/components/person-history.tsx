import { useState } from 'react';
import { RECORD_HISTORY_PAGE_SIZE, RecordHistory } from '../../../components/ui/record-history';
import { usePersonHistory } from '../api/get-person-history';

/** The person page's "Historial": who changed what of this person and when, newest first, in Spanish. */
export function PersonHistory({ personId, personName }: { personId: number; personName: string }) {
  const [page, setPage] = useState(1);
  const history = usePersonHistory(personId, page, RECORD_HISTORY_PAGE_SIZE);
  return (
    <RecordHistory
      history={history}
      page={page}
      onPage={setPage}
      recordName={personName}
      label="Historial de la persona"
      titleId="person-history-title"
    />
  );
}
