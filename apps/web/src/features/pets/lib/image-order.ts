/** The image ids in their new order after moving the one at `index` up (-1) or down (+1). */
export function moveImage(ids: readonly number[], index: number, offset: -1 | 1): number[] {
  const target = index + offset;
  const next = [...ids];
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return next;
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}
