import type { QueryClient } from '@tanstack/react-query';
import type { PetListItemView, PetListView } from './pet-view';
import { petListsQueryKey } from './pets-query-key';

/**
 * Changes one pet where it already is in the lists held in the cache, so an in-row action never moves rows
 * under the pointer; the lists are marked stale without refetching, and the next load (a page, a filter, a
 * return to the screen) brings the server's order. Resolves to whether some list held the pet.
 */
export function patchPetInLists(queryClient: QueryClient, id: number, change: Partial<PetListItemView>): Promise<boolean> {
  let found = false;
  queryClient.setQueriesData<PetListView>({ queryKey: petListsQueryKey }, (page) => {
    if (!page?.items.some((item) => item.id === id)) return page;
    found = true;
    return { ...page, items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)) };
  });
  return queryClient.invalidateQueries({ queryKey: petListsQueryKey, refetchType: 'none' }).then(() => found);
}
