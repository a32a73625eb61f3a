import { PET_BATCH_MAX, type PetBatchAction } from '@refugio/contracts';
import type { PetListItemView, PetListView } from '../api/pet-view';
import { useState } from 'react';
import { useApplyPetBatch } from '../api/apply-pet-batch';
import { summarizePetBatch, type PetBatchSummary } from '../lib/pet-batch-summary';
import {
  allMatchingOffer,
  noSelection,
  pageSelectionState,
  selectionCount,
  toBatchTarget,
  toListFilters,
  toggleSelected,
  togglePage,
  isSelected,
  type PetSelection,
} from '../lib/pet-selection';
import type { PetsListParams } from '../lib/pets-list-params';

export interface BulkOutcome {
  accion: PetBatchAction;
  summary: PetBatchSummary;
}

/**
 * The pet list's selection and bulk actions: which pets are selected (cleared when the search or a filter
 * changes, since "all matching" means the current filter), the action waiting for confirmation, and the
 * summary of the last one.
 */
export function usePetBulk(params: PetsListParams, list: PetListView | undefined) {
  const filterKey = JSON.stringify(toListFilters(params));
  const [state, setState] = useState<{ key: string; selection: PetSelection }>({ key: filterKey, selection: noSelection });
  const selection = state.key === filterKey ? state.selection : noSelection;
  const select = (next: PetSelection) => setState({ key: filterKey, selection: next });
  const [confirming, setConfirming] = useState<PetBatchAction | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const batch = useApplyPetBatch();
  const page: readonly PetListItemView[] = list?.items ?? [];

  /** Sends the action (with the date for `programar`); resolves when the summary shows. */
  const apply = (accion: PetBatchAction, publicarEn?: string) =>
    batch.mutate(
      { accion, publicarEn: publicarEn ?? null, ...toBatchTarget(selection, params, page) },
      {
        onSuccess: (result) => {
          setConfirming(null);
          select(noSelection);
          setOutcome({ accion, summary: summarizePetBatch(result) });
        },
      },
    );

  return {
    selection,
    count: selectionCount(selection),
    /** Every pet matching the filter is selected (the server finds them). */
    allMatching: selection.kind === 'matching',
    isSelected: (id: number) => isSelected(selection, id),
    toggle: (pet: PetListItemView) => select(toggleSelected(selection, pet, page)),
    pageState: pageSelectionState(selection, page),
    togglePage: () => select(togglePage(selection, page)),
    offer: list ? allMatchingOffer(selection, page, list.total, list.totalExact) : ('none' as const),
    total: list?.total ?? 0,
    selectAllMatching: () => select({ kind: 'matching', total: Math.min(list?.total ?? 0, PET_BATCH_MAX) }),
    clear: () => select(noSelection),
    confirming,
    ask: (accion: PetBatchAction) => {
      batch.reset();
      setConfirming(accion);
    },
    cancel: () => setConfirming(null),
    apply,
    applying: batch.isPending,
    error: batch.error,
    outcome,
    closeOutcome: () => setOutcome(null),
  };
}

export type PetBulk = ReturnType<typeof usePetBulk>;
