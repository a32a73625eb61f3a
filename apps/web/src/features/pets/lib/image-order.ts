/** The image ids in their new order after moving the one at `index` up (-1) or down (+1). */
export function moveImage(ids: readonly number[], index: number, offset: -1 | 1): number[] {
  const target = index + offset;
  const next = [...ids];
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return next;
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}

/**
 * The images in the order of `ids` (an order just chosen, not yet saved). Images `ids` does not name (one that
 * arrived meanwhile) follow in their own order; ids of images no longer there are skipped.
 */
export function orderImages<T extends { id: number }>(images: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(images.map((image) => [image.id, image]));
  const ordered = ids.flatMap((id) => {
    const image = byId.get(id);
    return image ? [image] : [];
  });
  const named = new Set(ids);
  return [...ordered, ...images.filter((image) => !named.has(image.id))];
}
